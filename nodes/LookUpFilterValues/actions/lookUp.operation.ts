import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { assembleOutput, prepareItems, runEach } from '../../shared/batching/items';
import { optionsCollection } from '../../shared/descriptions';
import { describeType, showValue } from '../../shared/inputRules';
import { AUTOCOMPLETE_FIELDS, type AutocompleteField, LIMITS } from '../../shared/api';
import { type FilterValue, type FilterValueSource, lookUpFilterValues } from '../../shared/methods/filterValues';
import { readParameter } from '../../shared/parameters';
import { forTool, fromAi, notForTool, runAsTool, toolDescription } from '../../shared/toolMode';

/** The filters whose values can be looked up, as the form names them; the value is the service's field. */
export const FIELD_OPTIONS: Array<{ name: string; value: AutocompleteField; description?: string }> = [
	{ name: 'Category (NAICS Industry Code)', value: 'naics_category' },
	{ name: 'Category (Professional Network Industry)', value: 'profnet_category' },
	{ name: 'Category (Web Search Category)', value: 'websearch_category' },
	{ name: 'City', value: 'city_region_country', description: 'As "City, Region, Country code"' },
	{ name: 'Company Age', value: 'company_age' },
	{ name: 'Company Name', value: 'company_name' },
	{ name: 'Company Revenue', value: 'company_revenue' },
	{ name: 'Company Size', value: 'company_size' },
	{ name: 'Country', value: 'country_code', description: 'Two-letter country codes' },
	{ name: 'Intent Topic', value: 'business_intent_topics' },
	{ name: 'Job Department', value: 'job_department', description: 'Prospect searches' },
	{ name: 'Job Level', value: 'job_level', description: 'Prospect searches' },
	{ name: 'Job Title', value: 'job_title', description: 'Prospect searches' },
	{ name: 'Number of Locations', value: 'number_of_locations' },
	{ name: 'Region', value: 'region_country_code', description: 'ISO 3166-2 codes, such as us-ca' },
	{ name: 'Technology', value: 'company_tech_stack_tech' },
	{ name: 'Technology Category', value: 'company_tech_stack_categories' },
];

/** The node's subtitle: "Look Up Job Title", from the chosen Filter's name. */
export const SUBTITLE = `={{ "Look Up " + (${JSON.stringify(
	Object.fromEntries(FIELD_OPTIONS.map((option) => [option.value, option.name])),
)}[$parameter["field"]] || "Filter Values") }}`;

/** Job fields are looked up on the prospects endpoint, the rest on the businesses one. */
const sourceOf = (field: AutocompleteField): FilterValueSource => (field.startsWith('job_') ? 'prospects' : 'businesses');

export const TOOL_DESCRIPTION =
	'Find the exact values a business or prospect search filter accepts, from a piece of text: e.g. field company_tech_stack_tech and query "sales" gives Salesforce. Use it before searching when unsure of a category, technology, city, region or job title. Returns values (use them as they are in filters) with labels.';

const FIELD_FOR_MODEL = `The filter to look up values for, one of: ${FIELD_OPTIONS.map((option) => option.value).join(', ')}`;
const QUERY_FOR_MODEL = 'Text the values should contain, e.g. "soft" or "austin". Empty lists the first values.';

export const description: INodeProperties[] = [
	toolDescription(TOOL_DESCRIPTION),
	notForTool({
		displayName: 'Filter',
		name: 'field',
		type: 'options',
		options: FIELD_OPTIONS,
		default: 'websearch_category',
		description: 'The search filter whose values to look up',
	}),
	forTool({
		displayName: 'Filter',
		name: 'field',
		type: 'string',
		default: fromAi('field', FIELD_FOR_MODEL),
		description: 'The search filter whose values to look up. By default the model sets it.',
	}),
	notForTool({
		displayName: 'Search Text',
		name: 'query',
		type: 'string',
		default: '',
		placeholder: 'e.g. soft',
		description: 'Values that contain this text are returned. Empty returns the first values.',
	}),
	forTool({
		displayName: 'Search Text',
		name: 'query',
		type: 'string',
		default: fromAi('query', QUERY_FOR_MODEL, 'string', ''),
		description: 'The text to look up. By default the model sets it.',
	}),
	{
		...optionsCollection(),
		options: [
			{
				displayName: 'Semantic Search',
				name: 'semanticSearch',
				type: 'boolean',
				default: false,
				description: 'Whether to match by meaning instead of by text (meant for intent topics)',
			},
		],
	},
];

interface LookUpRequest {
	itemIndex: number;
	field: AutocompleteField;
	query: string;
	semanticSearch: boolean;
}

function readRequest(ctx: IExecuteFunctions, itemIndex: number): LookUpRequest {
	const field = readParameter(ctx, 'field', itemIndex, '');
	const fieldText = typeof field === 'string' ? field.trim() : field;
	if (!AUTOCOMPLETE_FIELDS.includes(fieldText as AutocompleteField)) {
		const got = typeof fieldText === 'string' ? showValue(fieldText) : describeType(fieldText);
		throw new NodeOperationError(ctx.getNode(), `Filter ${got} cannot be looked up`, {
			itemIndex,
			description: `Use one of: ${FIELD_OPTIONS.map((option) => option.value).join(', ')}.`,
		});
	}
	const query = readParameter(ctx, 'query', itemIndex, '');
	if (query !== undefined && query !== null && typeof query !== 'string' && typeof query !== 'number') {
		throw new NodeOperationError(ctx.getNode(), `Search Text must be text, got ${describeType(query)}`, { itemIndex });
	}
	const text = String(query ?? '').trim();
	if (text.length > LIMITS.autocompleteQueryLength) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Search Text must be at most ${LIMITS.autocompleteQueryLength} characters, got ${text.length}`,
			{ itemIndex },
		);
	}
	const options = readParameter(ctx, 'options', itemIndex, {}) as { semanticSearch?: unknown };
	return { itemIndex, field: fieldText as AutocompleteField, query: text, semanticSearch: options.semanticSearch === true };
}

/**
 * One lookup per input item (the endpoints take one text each); items asking the same lookup
 * share one request. Every item gets one output item: the filter, the text, the values (what
 * the filter takes) and the suggestions with their labels; no match gives empty lists.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const prepared = prepareItems(this, (itemIndex) => readRequest(this, itemIndex));
	const results = await runEach(
		this,
		prepared.requests,
		async (request) =>
			await lookUpFilterValues(this, sourceOf(request.field), request.field, request.query, {
				semanticSearch: request.semanticSearch,
				itemIndex: request.itemIndex,
			}),
		{ key: (request) => JSON.stringify([request.field, request.query, request.semanticSearch]) },
	);
	const byItem = new Map(prepared.requests.map((request) => [request.itemIndex, request]));
	return assembleOutput(this, prepared, results, (itemIndex, outcome) => {
		const request = byItem.get(itemIndex);
		if (!outcome || !request) return [];
		const suggestions = outcome.value.map((entry: FilterValue) => ({ ...entry }));
		const json: IDataObject = {
			field: request.field,
			query: request.query,
			values: suggestions.map((entry) => entry.value),
			suggestions,
		};
		return [{ json, pairedItem: { item: itemIndex } }];
	});
}

/** As a tool: the values and labels, compact; a bad field comes back as a short error text. */
export async function executeAsTool(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runAsTool(this, {
		names: { Filter: 'field', 'Search Text': 'query' },
		run: async () => await execute.call(this),
		compact: (output) =>
			output.map(({ json }) => ({
				field: json.field,
				query: json.query,
				values: json.suggestions,
				...((json.suggestions as unknown[]).length === 0 ? { note: 'No values match: try a shorter or different text.' } : {}),
			})),
	});
}
