/** A search node as a tool: the model sets the filters and gets a compact answer with the total. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { runAsTool } from '../toolMode';
import { fetchAllPages, withSearchCosts } from './paginate';
import { apiVersionOf } from '../transport/apiVersion';
import { isPageSearch, maxSizeOn, readSearchRequest, type SearchKind } from './searchRequest';

/** Parameter names in error texts, as the model knows them. */
const ARGUMENTS = { 'Filters (JSON)': 'filters', 'Filters > Category': 'filters' };

/**
 * One answer per call: `{ total_found, returned, <records> }`, at most Limit records (Preview
 * records unless the builder chose Full), and a note when more were found.
 */
export async function executeSearchTool(
	ctx: IExecuteFunctions,
	kind: SearchKind,
	records: 'businesses' | 'prospects',
): Promise<INodeExecutionData[]> {
	return await runAsTool(ctx, {
		names: ARGUMENTS,
		run: async () => {
			const version = await apiVersionOf(ctx);
			const maxSize = maxSizeOn(kind, version);
			// a search by page (v1) counts the matches up to `size` (total_results): asking for its
			// maximum gives the model the real total, while only Limit records are fetched. A search by
			// cursor (v2) has no `size`.
			const requests = ctx.getInputData().map((_item, itemIndex) => {
				const request = readSearchRequest(ctx, itemIndex, kind, version);
				return isPageSearch(request) ? { ...request, body: { ...request.body, size: maxSize } } : request;
			});
			const answers: INodeExecutionData[] = [];
			// the tool searches each item, none shared: each is its own part of the run's cost
			await withSearchCosts(
				ctx,
				version,
				requests,
				(request) => String(request.itemIndex),
				async (costOf) => {
					for (const request of requests) {
						let totalFound: number | undefined;
						let duplicates = 0;
						const found = await fetchAllPages(ctx, request, {
							onTotal: (total) => (totalFound ??= total),
							onDuplicates: (count) => (duplicates = count),
							cost: costOf(request),
						});
						const total = Math.max(totalFound ?? found.length, found.length);
						const json: IDataObject = { total_found: total, returned: found.length, [records]: found };
						const notes: string[] = [];
						if (total > found.length) {
							const count = total >= maxSize ? `${total} or more` : String(total);
							notes.push(`Showing the first ${found.length} of ${count} ${records}. Add filters to narrow the search.`);
						}
						if (duplicates > 0) notes.push(`${duplicates} ${records} served twice by the service were listed once.`);
						if (notes.length > 0) json.note = notes.join(' ');
						answers.push({ json, pairedItem: { item: request.itemIndex } });
					}
				},
			);
			return answers;
		},
		compact: (output) => output.map((item) => item.json),
	});
}
