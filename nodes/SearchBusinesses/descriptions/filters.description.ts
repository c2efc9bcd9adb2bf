import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { FILTER_BRACKETS } from '../../shared/catalog';
import type { CATEGORY_FILTERS, FilterName } from '../../shared/schemas';

/** How the values a user types are cleaned before they are sent. */
export type ValueKind =
	/** codes: split on commas and spaces, lower-cased ("US, GB" -> ["us", "gb"]) */
	| 'code'
	/** brackets: split on commas, kept as typed */
	| 'bracket'
	/** free text: one value per entry, kept as typed (names and cities may contain commas) */
	| 'text';

/** Each UI field of the Filters collection and the contract filter it fills. */
export const FILTER_FIELDS: Record<string, { filter: FilterName; kind: ValueKind }> = {
	countries: { filter: 'country_code', kind: 'code' },
	regions: { filter: 'region_country_code', kind: 'code' },
	cities: { filter: 'city_region_country', kind: 'text' },
	companySize: { filter: 'company_size', kind: 'bracket' },
	revenue: { filter: 'company_revenue', kind: 'bracket' },
	companyAge: { filter: 'company_age', kind: 'bracket' },
	numberOfLocations: { filter: 'number_of_locations', kind: 'bracket' },
	techCategories: { filter: 'company_tech_stack_category', kind: 'text' },
	technologies: { filter: 'company_tech_stack_tech', kind: 'text' },
	companyNames: { filter: 'company_name', kind: 'text' },
	websiteKeywords: { filter: 'website_keywords', kind: 'text' },
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

const bracketOptions = (filter: keyof typeof FILTER_BRACKETS): INodePropertyOptions[] =>
	FILTER_BRACKETS[filter].map((value) => ({ name: value, value }));

const BRACKET_HINT = 'Pick one or more. For a value not listed, use an expression returning a list';

const textList = (
	displayName: string,
	name: string,
	buttonText: string,
	description: string,
	placeholder: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	typeOptions: { multipleValues: true, multipleValueButtonText: buttonText },
	default: [],
	placeholder,
	description,
});

/**
 * The Filters collection: every filter of the contract. Values inside one filter match any of
 * them (OR); different filters must all match (AND). Filters left empty are not sent.
 */
export const filterFields: INodeProperties[] = [
	{
		displayName: 'Annual Revenue',
		name: 'revenue',
		type: 'multiOptions',
		options: bracketOptions('company_revenue'),
		default: [],
		description: `Yearly revenue across all sites, in US dollars. ${BRACKET_HINT}.`,
	},
	{
		displayName: 'Category',
		name: 'category',
		type: 'fixedCollection',
		placeholder: 'Add Category',
		default: {},
		description: 'Industry categories. Only one kind of category can be used per search.',
		options: [
			{
				displayName: 'Category',
				name: 'category',
				values: [
					{
						displayName: 'Category Type',
						name: 'type',
						type: 'options',
						options: CATEGORY_TYPES,
						default: 'websearch_category',
					},
					{
						displayName: 'Categories',
						name: 'values',
						type: 'string',
						typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Category' },
						default: [],
						placeholder: 'e.g. Software Company',
						description: 'Businesses in any of these categories match',
					},
				],
			},
		],
	},
	textList(
		'Cities',
		'cities',
		'Add City',
		'Headquarters city, written as "City, Region, Country code". Businesses in any of these cities match.',
		'e.g. Austin, Texas, us',
	),
	{
		displayName: 'Company Age (Years)',
		name: 'companyAge',
		type: 'multiOptions',
		options: bracketOptions('company_age'),
		default: [],
		description: `Years since the business was established. ${BRACKET_HINT}.`,
	},
	textList(
		'Company Names',
		'companyNames',
		'Add Company Name',
		'Businesses with any of these names match (exact or fuzzy, depending on your account)',
		'e.g. Acme Inc',
	),
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
		default: '',
		placeholder: 'e.g. us, gb, de',
		description:
			'Headquarters country as two-letter codes, separated by commas, or an expression returning a list. Businesses in any of these countries match.',
	},
	{
		displayName: 'Number of Locations',
		name: 'numberOfLocations',
		type: 'multiOptions',
		options: bracketOptions('number_of_locations'),
		default: [],
		description: `How many office locations the business has. ${BRACKET_HINT}.`,
	},
	{
		displayName: 'Regions',
		name: 'regions',
		type: 'string',
		default: '',
		placeholder: 'e.g. us-ca, us-ny',
		description:
			'Headquarters region as ISO 3166-2 codes (country-subdivision), separated by commas, or an expression returning a list',
	},
	textList(
		'Technologies',
		'technologies',
		'Add Technology',
		'Businesses using any of these technologies match',
		'e.g. Salesforce',
	),
	textList(
		'Technology Categories',
		'techCategories',
		'Add Technology Category',
		'Businesses using technology in any of these categories match',
		'e.g. CRM',
	),
	textList(
		'Website Keywords',
		'websiteKeywords',
		'Add Keyword',
		'Businesses whose website mentions any of these keywords match',
		'e.g. sustainability',
	),
];
