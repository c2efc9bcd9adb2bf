/**
 * Search Prospects' Filters collection: every prospect filter of the service. Fields that filter
 * on the same thing as in Search Businesses are Search Businesses' own fields (same name, same
 * reading: company size, revenue, names, categories, locations); the prospect's own filters (job,
 * experience, contact details) are added here. Lists are read by the shared filter code.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { CONTACT_DETAILS, JOB_DEPARTMENTS, JOB_LEVELS, LIMITS, PROSPECT_FILTER_NAMES } from '../api';
import { contactDetailsField, prospectFiltersOn, V2_FILTER } from './contactDetails';
import { FILTER_PICKERS, filterPicker } from '../filterPicker';
import { businessFilterField, COMMAS_OR_LINES, earlierForm, type FilterSet, textList, type ValueKind } from './filterFields.description';
import { filtersFromFields } from './filterValues';
import { PUBLIC_COMPANY, publicCompanyField } from './signalFields.description';
import type { SearchKind } from './searchRequest';
import { describeType } from '../inputRules';

/** A short valid value of "Filters (JSON)", shown in its hint and in errors. */
export const PROSPECT_FILTERS_JSON_EXAMPLE_V1 =
	'{ "job_level": { "values": ["director"] }, "company_country_code": { "values": ["us"] }, "has_email": { "value": true } }';

/** The same example in API v2's words (has_contact_details), for the node version built for v2. */
export const PROSPECT_FILTERS_JSON_EXAMPLE =
	'{ "job_level": { "values": ["director"] }, "company_country_code": { "values": ["us"] }, "has_contact_details": { "value": "email" } }';

/** Each list field of the Filters collection and the filter it fills. */
const LIST_FIELDS: Record<string, { filter: string; kind: ValueKind; picker?: true }> = {
	[FILTER_PICKERS.jobTitles.name]: { filter: 'job_title', kind: 'entry', picker: true },
	[FILTER_PICKERS.regions.name]: { filter: 'region_country_code', kind: 'code', picker: true },
	[FILTER_PICKERS.cities.name]: { filter: 'city_region_country', kind: 'entry', picker: true },
	[FILTER_PICKERS.companyNames.name]: { filter: 'company_name', kind: 'entry', picker: true },
	jobLevels: { filter: 'job_level', kind: 'bracket' },
	jobDepartments: { filter: 'job_department', kind: 'bracket' },
	jobTitles: { filter: 'job_title', kind: 'line' },
	countries: { filter: 'country_code', kind: 'country' },
	regions: { filter: 'region_country_code', kind: 'code' },
	cities: { filter: 'city_region_country', kind: 'line' },
	companyCountries: { filter: 'company_country_code', kind: 'country' },
	companyRegions: { filter: 'company_region_country_code', kind: 'code' },
	companyNames: { filter: 'company_name', kind: 'line' },
	companySize: { filter: 'company_size', kind: 'bracket' },
	revenue: { filter: 'company_revenue', kind: 'bracket' },
	businessIds: { filter: 'business_id', kind: 'code' },
	skills: { filter: 'skills', kind: 'list' },
	interests: { filter: 'interests', kind: 'list' },
};

/** Yes/no filters: the field, and the filter it sends as `{ value }`. */
const PRESENCE_FIELDS: Record<string, string> = {
	hasEmail: 'has_email',
	hasPhoneNumber: 'has_phone_number',
	hasWebsite: 'has_website',
	[PUBLIC_COMPANY]: 'is_public_company',
};

/** Month ranges: the fields of each bound, and the filter they send as `{ gte, lte }`. */
const RANGE_FIELDS: Array<{ filter: string; min: string; max: string }> = [
	{ filter: 'total_experience_months', min: 'totalExperienceMin', max: 'totalExperienceMax' },
	{ filter: 'current_role_months', min: 'currentRoleMin', max: 'currentRoleMax' },
];

const RELATED_TITLES = 'includeRelatedJobTitles';

const choices = (values: readonly string[]) =>
	values.map((value) => ({
		name: value
			.replace(/(^|[\s-])(\p{L})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase())
			.replace(/^It$/, 'IT')
			.replace(/^R&d$/, 'R&D'),
		value,
	}));

const months = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description,
});

const presence = (displayName: string, name: string, what: string): INodeProperties => ({
	displayName,
	name,
	type: 'boolean',
	default: true,
	description: `Whether the prospect must have ${what} (on), or must not (off)`,
});

/** The Filters collection, in the order the editor shows it (alphabetical). */
export const prospectFilterFieldsV1: INodeProperties[] = [
	businessFilterField('revenue', {
		description:
			'Yearly revenue of the prospect’s company, in US dollars. Pick one or more. For a value not listed, use an expression returning a list.',
	}),
	{
		displayName: 'Business IDs',
		name: 'businessIds',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		placeholder: 'e.g. 8adce3ca1cef0c986b22310e369a0793',
		description: `Prospects working at any of these businesses (IDs from Search Businesses). ${COMMAS_OR_LINES}.`,
	},
	filterPicker(
		'categories',
		'Industry categories of the prospect’s company, of the kind Category Type names (Web Search Category unless you add Category Type); typed categories may be separated by semicolons',
	),
	businessFilterField('categories'),
	businessFilterField('categoryType'),
	filterPicker('cities', 'The prospect’s city, written as "City, Region, Country code"; typed cities may be separated by semicolons'),
	businessFilterField('cities'),
	{
		...businessFilterField('countries'),
		displayName: 'Company Countries',
		name: 'companyCountries',
		description: `Headquarters country of the prospect’s company: names, two-letter or three-letter codes. ${COMMAS_OR_LINES}.`,
	},
	filterPicker(
		'companyNames',
		'Prospects working at a company with any of these names (exact or fuzzy, depending on your account); typed names may be separated by semicolons',
	),
	businessFilterField('companyNames'),
	{
		displayName: 'Company Regions',
		name: 'companyRegions',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		placeholder: 'e.g. us-ca, us-ny',
		description: `Headquarters region of the prospect’s company as ISO 3166-2 codes (country-subdivision). ${COMMAS_OR_LINES}.`,
	},
	businessFilterField('companySize', {
		description:
			'Employees of the prospect’s company across all sites. Pick one or more. For a value not listed, use an expression returning a list.',
	}),
	businessFilterField('countries', {
		description: `Where the prospect is based: country names, two-letter or three-letter codes. ${COMMAS_OR_LINES}.`,
	}),
	months('Current Role Max (Months)', 'currentRoleMax', 'At most this many months in the current role'),
	months('Current Role Min (Months)', 'currentRoleMin', 'At least this many months in the current role'),
	presence('Has Email', 'hasEmail', 'an email address'),
	presence('Has Phone Number', 'hasPhoneNumber', 'a phone number'),
	presence('Has Website', 'hasWebsite', 'a company website'),
	{
		displayName: 'Include Related Job Titles',
		name: RELATED_TITLES,
		type: 'boolean',
		default: true,
		description: 'Whether Job Titles also matches related titles (e.g. "Head of Sales" for "Sales Director")',
	},
	{
		displayName: 'Job Departments',
		name: 'jobDepartments',
		type: 'multiOptions',
		options: choices(JOB_DEPARTMENTS),
		default: [],
		description: 'Prospects in any of these departments',
	},
	{
		displayName: 'Job Levels',
		name: 'jobLevels',
		type: 'multiOptions',
		options: choices(JOB_LEVELS),
		default: [],
		description: 'Prospects at any of these levels',
	},
	filterPicker(
		'jobTitles',
		`Prospects with any of these job titles (at most ${LIMITS.jobTitleValues}); typed titles may be separated by semicolons`,
	),
	earlierForm('Job Titles', 'jobTitles'),
	filterPicker(
		'regions',
		'Where the prospect is based, as ISO 3166-2 region codes (country-subdivision); typed codes may be separated by commas',
	),
	businessFilterField('regions'),
	months('Total Experience Max (Months)', 'totalExperienceMax', 'At most this many months of work experience in all'),
	months('Total Experience Min (Months)', 'totalExperienceMin', 'At least this many months of work experience in all'),
];

/** The filters API v2 adds that the Filters collection offers (v2 only: the node version built for v2). */
const V2_ONLY_FIELDS: Record<string, INodeProperties> = {
	interests: textList(
		'Interests',
		'interests',
		'list',
		'Prospects with any of these interests (API v2 only)',
		'e.g. Artificial Intelligence',
	),
	[PUBLIC_COMPANY]: publicCompanyField('the prospect’s company'),
	skills: textList('Skills', 'skills', 'list', 'Prospects with any of these skills (API v2 only)', 'e.g. Python, Negotiation'),
};

/** Where each v2-only field goes: after the field named here, keeping the alphabetical order. */
const V2_FIELDS_AFTER: Record<string, string[]> = {
	[RELATED_TITLES]: ['interests'],
	jobTitles: [PUBLIC_COMPANY],
	regions: ['skills'],
};

/**
 * The Filters collection of the node version built for API v2: Contact Details (has_contact_details)
 * in place of Has Email and Has Phone Number, and Interests, Public Company and Skills, at their
 * places in the alphabetical order.
 */
export const prospectFilterFields: INodeProperties[] = prospectFilterFieldsV1
	.filter((property) => property.name !== 'hasEmail' && property.name !== 'hasPhoneNumber')
	.flatMap((property) => [
		...(property.name === 'countries' ? [contactDetailsField] : []),
		property,
		...(V2_FIELDS_AFTER[property.name] ?? []).map((name) => V2_ONLY_FIELDS[name]),
	]);

export const PROSPECT_FILTERS: FilterSet = {
	fields: LIST_FIELDS,
	properties: [...prospectFilterFieldsV1, ...Object.values(V2_ONLY_FIELDS)],
	names: PROSPECT_FILTER_NAMES,
	labels: { has_website: 'Has Website', is_public_company: 'Public Company', has_email: 'Has Email', has_phone_number: 'Has Phone Number' },
};

const displayName = (name: string) => PROSPECT_FILTERS.properties.find((property) => property.name === name)?.displayName ?? name;

/** A month bound: a whole number of at least 0, or text holding one (from an expression). */
function readMonths(raw: unknown): { value?: number; problem?: string } {
	if (raw === undefined || raw === null || raw === '') return {};
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
		return {
			problem: `must be a whole number of months (0 or more), got ${typeof raw === 'string' ? JSON.stringify(raw) : describeType(raw)}`,
		};
	}
	return { value };
}

/**
 * The prospect filters object from the Filters collection: the list fields (shared reading), job
 * levels and departments lower-cased, Include Related Job Titles on job_title, the yes/no filters
 * as `{ value }` and the month ranges as `{ gte, lte }`.
 */
export function prospectFiltersFromFields(fields: IDataObject): { filters: IDataObject; problems: string[] } {
	const built = filtersFromFields(fields, PROSPECT_FILTERS);
	const filters: IDataObject = { ...built.filters };
	const problems = [...built.problems];

	for (const filter of ['job_level', 'job_department']) {
		const entry = built.filters[filter];
		if (entry) filters[filter] = { values: [...new Set(entry.values.map((value) => value.toLowerCase()))] };
	}
	if (fields[RELATED_TITLES] !== undefined) {
		const related = fields[RELATED_TITLES];
		if (typeof related !== 'boolean') {
			problems.push(`${displayName(RELATED_TITLES)} must be true or false, got ${describeType(related)}`);
		} else if (built.filters.job_title) {
			filters.job_title = { ...built.filters.job_title, include_related_job_titles: related };
		} else if (fields.jobTitles === undefined && fields[FILTER_PICKERS.jobTitles.name] === undefined) {
			problems.push(`${displayName(RELATED_TITLES)} needs Job Titles: add the titles to search for, or remove it`);
		}
	}
	if (fields[contactDetailsField.name] !== undefined) {
		const value = fields[contactDetailsField.name];
		if (typeof value === 'string' && (CONTACT_DETAILS as readonly string[]).includes(value)) filters[V2_FILTER] = { value };
		else
			problems.push(
				`${contactDetailsField.displayName} must be one of ${CONTACT_DETAILS.join(', ')}, got ${typeof value === 'string' ? JSON.stringify(value) : describeType(value)}`,
			);
	}
	for (const [field, filter] of Object.entries(PRESENCE_FIELDS)) {
		const value = fields[field];
		if (value === undefined) continue;
		if (typeof value === 'boolean') filters[filter] = { value };
		else problems.push(`${displayName(field)} must be true or false, got ${describeType(value)}`);
	}
	for (const range of RANGE_FIELDS) {
		const bounds: IDataObject = {};
		for (const [bound, field] of [
			['gte', range.min],
			['lte', range.max],
		] as const) {
			const read = readMonths(fields[field]);
			if (read.problem) problems.push(`${displayName(field)} ${read.problem}`);
			else if (read.value !== undefined) bounds[bound] = read.value;
		}
		if (typeof bounds.gte === 'number' && typeof bounds.lte === 'number' && bounds.gte > bounds.lte) {
			problems.push(`${displayName(range.min)} (${bounds.gte}) must not be above ${displayName(range.max)} (${bounds.lte})`);
		} else if (Object.keys(bounds).length > 0) {
			filters[range.filter] = bounds;
		}
	}
	return { filters, problems };
}

/** The search of Search Prospects version 2: up to the service's 60,000 records. */
export const PROSPECT_SEARCH: SearchKind = {
	endpoint: 'searchProspects',
	statsEndpoint: 'prospectStats',
	maxSize: LIMITS.prospectSearchSize.max,
	exclude: { kind: 'id', max: LIMITS.prospectSearchExclude, parameter: 'Exclude Prospect IDs' },
	filters: PROSPECT_FILTERS,
	fromFields: prospectFiltersFromFields,
	forApiVersion: prospectFiltersOn,
	jsonExample: PROSPECT_FILTERS_JSON_EXAMPLE_V1,
};

/** Version 1 (workflows saved before version 2): the same search, capped at 10,000 records. */
export const PROSPECT_SEARCH_VERSION_1: SearchKind = {
	...PROSPECT_SEARCH,
	maxSize: LIMITS.prospectSearchSizeVersion1,
};

/**
 * Version 3, built for API v2: the same search as version 2 (60,000 records; v1 serves as many),
 * its filters written with has_contact_details.
 */
export const PROSPECT_SEARCH_V2: SearchKind = {
	...PROSPECT_SEARCH,
	maxSize: LIMITS.searchTotal,
	// the largest page by default, so a large search takes the fewest requests (10,000 in 20)
	defaultPageSize: LIMITS.searchPageSize.max,
	jsonExample: PROSPECT_FILTERS_JSON_EXAMPLE,
};

/** The search of the node version a workflow holds. */
export const prospectSearchOf = (typeVersion: number): SearchKind =>
	typeVersion < 2 ? PROSPECT_SEARCH_VERSION_1 : typeVersion < 3 ? PROSPECT_SEARCH : PROSPECT_SEARCH_V2;
