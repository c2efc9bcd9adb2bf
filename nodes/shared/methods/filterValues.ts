import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { type AutocompleteField, LIMITS } from '../api';
import type { ApiContext } from '../transport/connection';
import { ApiClient, type OperationName } from '../transport/apiClient';
import { apiVersionOf } from '../transport/apiVersion';

/** One value the service suggests for a filter: `value` is what the search filter takes. */
export interface FilterValue {
	label: string;
	value: string;
}

/** Which autocomplete endpoint a lookup uses: the businesses one, or the prospects one (job fields). */
export type FilterValueSource = 'businesses' | 'prospects';

/**
 * The package's names of the two autocompletes (v1's); a version that serves both under one name maps
 * them there (its dialect's wire.operation), so these stay the names asked for on every version.
 */
const ENDPOINT: Readonly<Record<FilterValueSource, string>> = { businesses: 'businessAutocomplete', prospects: 'prospectAutocomplete' };

/**
 * The values the service suggests for a filter field and a piece of text (one request). The
 * answer's entries without a usable value are left out; the text is cut to the sanity limit.
 */
export async function lookUpFilterValues(
	ctx: ApiContext,
	source: FilterValueSource,
	field: AutocompleteField,
	query: string,
	options: { semanticSearch?: boolean; itemIndex?: number } = {},
): Promise<FilterValue[]> {
	// v2 has one autocomplete for both kinds of filter: the client sends both there (wireNames.ts)
	const client = await ApiClient.of(ctx, await apiVersionOf(ctx));
	const qs: IDataObject = { field, query: query.trim().slice(0, LIMITS.autocompleteQueryLength) };
	if (options.semanticSearch) qs.semantic_search = 'true';
	const answer = await client.request<unknown>(ENDPOINT[source] as OperationName, undefined, { query: qs, itemIndex: options.itemIndex });
	const entries = Array.isArray(answer) ? (answer as unknown[]) : [];
	const values: FilterValue[] = [];
	for (const entry of entries) {
		const raw = (entry as IDataObject | null)?.value;
		if ((typeof raw !== 'string' || raw.trim() === '') && !(typeof raw === 'number' && Number.isFinite(raw))) continue;
		const value = String(raw);
		const label = (entry as IDataObject).label;
		values.push({ label: typeof label === 'string' && label.trim() !== '' ? label : value, value });
	}
	return values;
}

/** A list search whose "From List" entries are the service's suggestions for `field`. */
const searchFor = (
	source: FilterValueSource,
	field: AutocompleteField | ((ctx: ILoadOptionsFunctions) => AutocompleteField),
	options: { semanticSearch?: boolean } = {},
) =>
	async function (this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		const resolved = typeof field === 'function' ? field(this) : field;
		const values = await lookUpFilterValues(this, source, resolved, filter ?? '', options);
		return { results: values.map(({ label, value }) => ({ name: label, value })) };
	};

const CATEGORY_FIELDS: readonly AutocompleteField[] = ['websearch_category', 'profnet_category', 'naics_category'];

/**
 * The category field the Categories picker looks up: the Category Type chosen in the same
 * Filters collection (Web Search Category when none is chosen yet).
 */
function chosenCategoryType(ctx: ILoadOptionsFunctions): AutocompleteField {
	let type: unknown;
	try {
		type = ctx.getCurrentNodeParameter('filters.categoryType');
	} catch {
		type = undefined;
	}
	return CATEGORY_FIELDS.includes(type as AutocompleteField) ? (type as AutocompleteField) : 'websearch_category';
}

/*
 * listSearch methods of the filter pickers (filterPicker in ../filterPicker.ts). A node wires the
 * ones its Filters use into `methods.listSearch`; the names are the pickers' searchListMethod.
 */
export const searchCategoryValues = searchFor('businesses', chosenCategoryType);
export const searchCityValues = searchFor('businesses', 'city_region_country');
export const searchRegionValues = searchFor('businesses', 'region_country_code');
export const searchTechnologyValues = searchFor('businesses', 'company_tech_stack_tech');
export const searchTechnologyCategoryValues = searchFor('businesses', 'company_tech_stack_categories');
export const searchCompanyNameValues = searchFor('businesses', 'company_name');
export const searchCityRegionValues = searchFor('businesses', 'city_region');
/** semantic search: the service's flag meant for intent topics ("cloud" finds "Cloud Computing") */
export const searchIntentTopicValues = searchFor('businesses', 'business_intent_topics', { semanticSearch: true });
/** prospect filters: looked up on the prospects endpoint */
export const searchJobTitleValues = searchFor('prospects', 'job_title');
export const searchJobDepartmentValues = searchFor('prospects', 'job_department');
export const searchJobLevelValues = searchFor('prospects', 'job_level');

/** Every filter picker's list search, for a node's `methods.listSearch`. */
export const filterValueSearches = {
	searchCategoryValues,
	searchCityValues,
	searchRegionValues,
	searchTechnologyValues,
	searchTechnologyCategoryValues,
	searchCompanyNameValues,
	searchCityRegionValues,
	searchIntentTopicValues,
	searchJobTitleValues,
	searchJobDepartmentValues,
	searchJobLevelValues,
};
