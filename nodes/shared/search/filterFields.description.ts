import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { FILTER_PICKERS, filterPicker } from '../filterPicker';
import { hasWebsiteField, intentFields, publicCompanyField, recentEventsFields, SIGNAL_LABELS } from './signalFields.description';
import { type CATEGORY_FILTERS, FILTER_BRACKETS, FILTER_NAMES, type FilterName } from '../api';

/**
 * How the values typed into a Filters field are split into a list. Every list field is one text
 * box with one value per line; fields whose values never hold a comma also take commas.
 */
export type ValueKind =
	/** codes: split on line breaks, commas, semicolons and spaces, lower-cased ("US, GB" -> ["us", "gb"]) */
	| 'code'
	/** countries: split on line breaks, commas and semicolons; names and three-letter codes become codes */
	| 'country'
	/** brackets: split on commas and line breaks, kept as typed */
	| 'bracket'
	/** short names: split on line breaks and commas ("Salesforce, HubSpot"): technologies and website keywords */
	| 'list'
	/** names that may hold commas (cities, company names, categories, technology categories): one per line */
	| 'line'
	/**
	 * the same names typed into a picker's By Value (a one-line box, where pasted line breaks do
	 * not survive): one per line or separated by semicolons
	 */
	| 'entry';

/**
 * Each UI field of the Filters collection and the contract filter it fills. `picker` fields
 * (filterPicker) come first: they name the filter in errors. The text fields they replaced stay
 * defined (shown only while they hold a value) so workflows saved with them keep their values;
 * both are read and merged.
 */
export const FILTER_FIELDS: Record<string, { filter: FilterName; kind: ValueKind; picker?: true }> = {
	[FILTER_PICKERS.regions.name]: { filter: 'region_country_code', kind: 'code', picker: true },
	[FILTER_PICKERS.cities.name]: { filter: 'city_region_country', kind: 'entry', picker: true },
	[FILTER_PICKERS.cityRegions.name]: { filter: 'city_region', kind: 'entry', picker: true },
	[FILTER_PICKERS.techCategories.name]: { filter: 'company_tech_stack_category', kind: 'entry', picker: true },
	[FILTER_PICKERS.technologies.name]: { filter: 'company_tech_stack_tech', kind: 'list', picker: true },
	[FILTER_PICKERS.companyNames.name]: { filter: 'company_name', kind: 'entry', picker: true },
	countries: { filter: 'country_code', kind: 'country' },
	regions: { filter: 'region_country_code', kind: 'code' },
	cities: { filter: 'city_region_country', kind: 'line' },
	companySize: { filter: 'company_size', kind: 'bracket' },
	revenue: { filter: 'company_revenue', kind: 'bracket' },
	companyAge: { filter: 'company_age', kind: 'bracket' },
	numberOfLocations: { filter: 'number_of_locations', kind: 'bracket' },
	techCategories: { filter: 'company_tech_stack_category', kind: 'line' },
	technologies: { filter: 'company_tech_stack_tech', kind: 'list' },
	companyNames: { filter: 'company_name', kind: 'line' },
	websiteKeywords: { filter: 'website_keywords', kind: 'list' },
};

/**
 * The Categories picker (`pickerName`) and the earlier Categories text field (`name`) fill the
 * filter that Category Type names.
 */
export const CATEGORIES_FIELD = {
	name: 'categories',
	pickerName: FILTER_PICKERS.categories.name,
	typeName: 'categoryType',
	kind: 'line' as ValueKind,
	pickerKind: 'entry' as ValueKind,
};

/** The single Category choice: one of the three category filters (the contract allows only one). */
export const CATEGORY_TYPES: Array<INodePropertyOptions & { value: (typeof CATEGORY_FILTERS)[number] }> = [
	{
		name: 'NAICS Industry Code',
		value: 'naics_category',
		description: '2017 NAICS industry codes, such as 5112 (software publishers)',
	},
	{
		name: 'Professional Network Industry',
		value: 'profnet_category',
		description: 'Industry names as the professional network lists them, such as Software Development',
	},
	{
		name: 'Web Search Category',
		value: 'websearch_category',
		description: 'Business categories as web search lists them, such as Software Company',
	},
];

export const bracketOptions = (filter: keyof typeof FILTER_BRACKETS): INodePropertyOptions[] =>
	FILTER_BRACKETS[filter].map((value) => ({ name: value, value }));

export const BRACKET_HINT = 'Pick one or more. For a value not listed, use an expression returning a list';

export const ONE_PER_LINE = 'One per line, or an expression returning a list';
export const COMMAS_OR_LINES = 'Separated by commas or one per line, or an expression returning a list';

/** The text fields the pickers replaced (names as saved in workflows). */
export const EARLIER_FIELDS = new Set<string>();

/**
 * The text field a picker replaced, kept under its name so workflows saved with it keep their
 * values (n8n drops values of parameters a node no longer defines) and read with the picker.
 * It is shown only while it holds a value (so a saved workflow shows its filter and it can be
 * edited or cleared) and is never offered under Add Filter.
 */
export const earlierForm = (displayName: string, name: string): INodeProperties => {
	EARLIER_FIELDS.add(name);
	return {
		displayName: `${displayName} (Earlier Form)`,
		name,
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		description: `${displayName} typed before this filter became a picker, one per line. Still searched, together with ${displayName}. Clear it to use ${displayName} only.`,
		displayOptions: { show: { [name]: [{ _cnd: { exists: true } }] } },
	};
};

/** A list field: one text box, values one per line (and, for `list` fields, separated by commas). */
export const textList = (
	displayName: string,
	name: string,
	kind: 'list' | 'line',
	description: string,
	placeholder: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	placeholder,
	description: `${description}. ${kind === 'line' ? ONE_PER_LINE : COMMAS_OR_LINES}.`,
});

/**
 * The Filters collection: every filter of the contract. Values inside one filter match any of
 * them (OR); different filters must all match (AND). Filters left empty are not sent.
 */
export const filterFieldsV1: INodeProperties[] = [
	{
		displayName: 'Annual Revenue',
		name: 'revenue',
		type: 'multiOptions',
		options: bracketOptions('company_revenue'),
		default: [],
		description: `Yearly revenue across all sites, in US dollars. ${BRACKET_HINT}.`,
	},
	filterPicker(
		'categories',
		'Industry categories of the kind Category Type names (Web Search Category unless you add Category Type). Businesses in any of them match; typed categories may be separated by semicolons',
	),
	earlierForm('Categories', CATEGORIES_FIELD.name),
	{
		// Filters > Category > Category Type + Categories of workflows saved before Category became
		// the two fields around it: hidden, but defined, so n8n keeps its value and such searches
		// stay filtered (filtersFromFields reads it)
		displayName: 'Category (Earlier Form)',
		name: 'category',
		type: 'hidden',
		default: {},
	},
	{
		displayName: 'Category Type',
		name: CATEGORIES_FIELD.typeName,
		type: 'options',
		options: CATEGORY_TYPES,
		default: 'websearch_category',
		description: 'Which kind of category Categories holds. Only one kind can be used per search.',
	},
	filterPicker(
		'cities',
		'Headquarters city, written as "City, Region, Country code". Businesses in any of these cities match; typed cities may be separated by semicolons',
	),
	earlierForm('Cities', 'cities'),
	filterPicker(
		'cityRegions',
		'Headquarters city written as "City, Region", without the country (such as Austin, Texas); typed cities may be separated by semicolons',
	),
	{
		displayName: 'Company Age (Years)',
		name: 'companyAge',
		type: 'multiOptions',
		options: bracketOptions('company_age'),
		default: [],
		description: `Years since the business was established. ${BRACKET_HINT}.`,
	},
	filterPicker(
		'companyNames',
		'Businesses with any of these names match (exact or fuzzy, depending on your account); typed names may be separated by semicolons',
	),
	earlierForm('Company Names', 'companyNames'),
	{
		displayName: 'Company Size (Employees)',
		name: 'companySize',
		type: 'multiOptions',
		options: bracketOptions('company_size'),
		default: [],
		description: `Employees across all sites. ${BRACKET_HINT}.`,
	},
	{
		displayName: 'Countries',
		name: 'countries',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		placeholder: 'e.g. us, United Kingdom, DEU',
		description: `Headquarters country: names, two-letter or three-letter codes. Businesses in any of these countries match. ${COMMAS_OR_LINES}.`,
	},
	hasWebsiteField,
	...intentFields,
	{
		displayName: 'Number of Locations',
		name: 'numberOfLocations',
		type: 'multiOptions',
		options: bracketOptions('number_of_locations'),
		default: [],
		description: `How many office locations the business has. ${BRACKET_HINT}.`,
	},
	...recentEventsFields,
	filterPicker('regions', 'Headquarters region as ISO 3166-2 codes (country-subdivision); typed codes may be separated by commas'),
	earlierForm('Regions', 'regions'),
	filterPicker('technologies', 'Businesses using any of these technologies match; typed names may be separated by commas'),
	earlierForm('Technologies', 'technologies'),
	filterPicker(
		'techCategories',
		'Businesses using technology in any of these categories match; typed categories may be separated by semicolons',
	),
	earlierForm('Technology Categories', 'techCategories'),
	textList(
		'Website Keywords',
		'websiteKeywords',
		'list',
		'Businesses whose website mentions any of these keywords match',
		'e.g. sustainability',
	),
];

/**
 * A search node's Filters collection: its properties, the contract filter each list field fills
 * (`picker` fields hold a filterPicker's entries), and every filter name the service takes (for
 * Filters (JSON)). Search Businesses and Search Prospects read their fields with the same code
 * (filterValues.ts).
 */
export interface FilterSet {
	fields: Record<string, { filter: string; kind: ValueKind; picker?: true }>;
	properties: INodeProperties[];
	names: readonly string[];
	/**
	 * how errors name the filters of fields that are not list fields (`{ events: 'Recent Events' }`),
	 * and parts of a filter that a field of their own sets (`'events.last_occurrence'`)
	 */
	labels?: Record<string, string>;
}

/**
 * The Filters collection of Search Businesses' node version built for API v2: Public Company
 * (is_public_company, v2 only) besides the filters both versions take.
 */
export const filterFields: INodeProperties[] = filterFieldsV1.flatMap((property) =>
	property.name === 'numberOfLocations' ? [property, publicCompanyField('the business')] : [property],
);

export const BUSINESS_FILTERS: FilterSet = {
	fields: FILTER_FIELDS,
	properties: filterFields,
	names: FILTER_NAMES,
	labels: SIGNAL_LABELS,
};

/** A field of the business Filters collection, for a search that filters on the same thing. */
export function businessFilterField(name: string, changes: Partial<INodeProperties> = {}): INodeProperties {
	const property = filterFieldsV1.find((entry) => entry.name === name);
	if (!property) throw new Error(`No business filter field named ${name}`);
	return { ...property, ...changes } as INodeProperties;
}
