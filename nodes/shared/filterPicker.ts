import type { INodeProperties } from 'n8n-workflow';

import type { filterValueSearches } from './methods/filterValues';

/*
 * Filter pickers: a filter's values picked from the service's suggestions, or typed.
 *
 * Design: a fixedCollection with multipleValues whose entries are resource locators (as n8n's
 * Jira, HighLevel and NocoDB nodes do for searchable lists of several values). Each entry is
 * "From List" (searched through the autocomplete endpoint, so a typo shows as no match instead of
 * silently returning no businesses) or "By Value": typed text, a list separated like the earlier
 * text field, or an expression returning a value or a list. Rejected: multiOptions with
 * loadOptions, which cannot search the service as the user types (it loads one fixed list) and
 * takes no typed value outside an expression; a single resource locator, which holds one value.
 * The parameter's shape differs from the earlier text field (n8n would drop a text saved under a
 * fixed collection's name on load), so a picker has its own name; the text field stays defined,
 * shown only while it holds a value, and is read with the picker.
 */

/** Appended to every picker's description. */
export const PICK_HINT = 'Pick from the list (searched as you type), or type values or an expression returning a list';

export interface FilterPickerOptions {
	/** the filter as the form names it: "Cities" */
	displayName: string;
	/** parameter name, distinct from any earlier text field of the same filter */
	name: string;
	/** one value, for the button and rows: "City" */
	itemName: string;
	/** the list search (from nodes/shared/methods/filterValues.ts) */
	searchListMethod: keyof typeof filterValueSearches;
	description: string;
	/** example for "By Value" */
	placeholder: string;
}

/**
 * The pickers of the filters whose values are open text, keyed by the name of the text field
 * each replaces (the same in Search Businesses and Search Prospects). `name` is the picker's
 * parameter name; read its value with `pickedValues`.
 */
export const FILTER_PICKERS = {
	categories: {
		displayName: 'Categories',
		name: 'categoryList',
		itemName: 'Category',
		searchListMethod: 'searchCategoryValues',
		placeholder: 'e.g. Software Company',
	},
	cities: {
		displayName: 'Cities',
		name: 'cityList',
		itemName: 'City',
		searchListMethod: 'searchCityValues',
		placeholder: 'e.g. Austin, Texas, us',
	},
	cityRegions: {
		displayName: 'Cities Without Country',
		name: 'cityRegionList',
		itemName: 'City',
		searchListMethod: 'searchCityRegionValues',
		placeholder: 'e.g. Austin, Texas',
	},
	companyNames: {
		displayName: 'Company Names',
		name: 'companyNameList',
		itemName: 'Company Name',
		searchListMethod: 'searchCompanyNameValues',
		placeholder: 'e.g. Acme Inc',
	},
	regions: {
		displayName: 'Regions',
		name: 'regionList',
		itemName: 'Region',
		searchListMethod: 'searchRegionValues',
		placeholder: 'e.g. us-ca, us-ny',
	},
	technologies: {
		displayName: 'Technologies',
		name: 'technologyList',
		itemName: 'Technology',
		searchListMethod: 'searchTechnologyValues',
		placeholder: 'e.g. Salesforce, HubSpot',
	},
	techCategories: {
		displayName: 'Technology Categories',
		name: 'techCategoryList',
		itemName: 'Technology Category',
		searchListMethod: 'searchTechnologyCategoryValues',
		placeholder: 'e.g. CRM',
	},
	jobTitles: {
		displayName: 'Job Titles',
		name: 'jobTitleList',
		itemName: 'Job Title',
		searchListMethod: 'searchJobTitleValues',
		placeholder: 'e.g. Head of Sales',
	},
} as const satisfies Record<string, Omit<FilterPickerOptions, 'description'>>;

export type FilterPickerName = keyof typeof FILTER_PICKERS;

/**
 * The Filters field of a picker, in one line: `filterPicker('cities', 'Businesses in any of
 * these cities match')` (the hint on picking and typing is appended), or with every option given.
 */
export function filterPicker(picker: FilterPickerName | FilterPickerOptions, description?: string): INodeProperties {
	const options: FilterPickerOptions =
		typeof picker === 'string' ? { ...FILTER_PICKERS[picker], description: description ?? '' } : picker;
	const text = description ?? options.description;
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${options.itemName}`,
		default: {},
		description: `${text.replace(/[.\s]+$/, '')}. ${PICK_HINT}.`,
		options: [
			{
				displayName: options.itemName,
				name: 'values',
				values: [
					{
						displayName: options.itemName,
						name: 'value',
						type: 'resourceLocator',
						default: { mode: 'list', value: '' },
						modes: [
							{
								displayName: 'From List',
								name: 'list',
								type: 'list',
								placeholder: `Search ${options.displayName.toLowerCase()}...`,
								typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
							},
							{
								displayName: 'By Value',
								name: 'value',
								type: 'string',
								placeholder: options.placeholder,
							},
						],
					},
				],
			},
		],
	};
}

/**
 * What a picker holds, as the list of raw values its entries give: `{ values: [{ value: <resource
 * locator> }] }` becomes the locators' values (texts, or lists from expressions), empty entries
 * left out. Anything else (a text or a list from a workflow or tool that set it directly) is
 * returned as it is, for the field's list reader to split and check.
 */
export function pickedValues(raw: unknown): unknown {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
	const entries = (raw as { values?: unknown }).values;
	if (entries === undefined) return [];
	if (!Array.isArray(entries)) return entries;
	const values: unknown[] = [];
	for (const entry of entries) {
		let value: unknown = (entry as { value?: unknown } | null)?.value;
		if (value && typeof value === 'object' && !Array.isArray(value) && '__rl' in value) {
			value = (value as { value?: unknown }).value;
		}
		if (value === undefined || value === null || value === '') continue;
		values.push(value);
	}
	return values;
}
