/**
 * API v1's cases of searchProspectsTool.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Search Prospects as a tool: the model's filters go to the service as they are, the service's
 * total comes back with at most Max Prospects records, and a bad filter comes back as a short
 * error text in the model's words, with nothing sent.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { LIMITS } from '../../nodes/shared/api';
import { execute as executeTool } from '../../nodes/SearchProspects/actions/searchTool';
import { fakeContext, ok, TEST_NODE } from './support/fakeContext';

const TOOL_PARAMETERS: IDataObject = {
	operation: 'search',
	mode: 'preview',
	returnAll: false,
	limit: 3,
	filterSource: 'json',
	filtersJson: '{ "job_level": { "values": ["director"] }, "has_email": { "value": true } }',
	options: {},
};

function toolContext(parameters: IDataObject, total: number) {
	const fake = fakeContext(
		(call) =>
			ok({
				data: Array.from({ length: Math.min(Number(call.body.page_size), total) }, (_, n) => ({ prospect_id: `p${n}` })),
				total_results: total,
				page: call.body.page,
				total_pages: Math.ceil(total / Number(call.body.page_size)),
			}),
		{ items: 1 },
	);
	const values = { ...TOOL_PARAMETERS, ...parameters };
	const ctx = {
		...fake.ctx,
		getNode: () => ({ ...TEST_NODE, type: 'n8n-nodes-business-prospect-data.searchProspectsTool', typeVersion: 2 }),
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) => values[name] ?? fallback,
	} as unknown as IExecuteFunctions;
	return { ctx, calls: fake.calls };
}

describe('Search Prospects as a tool', () => {
	it('sends the model\'s filters, asks for the service maximum for the total, returns Max Prospects records and a note', async () => {
		const { ctx, calls } = toolContext({}, 567);
		const [answer] = await executeTool.call(ctx);

		expect(calls.map((call) => [call.url.replace(/^.*\/v1/, '/v1'), call.body])).toEqual([
			[
				'/v1/prospects',
				{
					mode: 'preview',
					size: LIMITS.prospectSearchSize.max,
					page_size: 3,
					page: 1,
					filters: { job_level: { values: ['director'] }, has_email: { value: true } },
				},
			],
		]);
		expect(answer.json).toEqual({
			total_found: 567,
			returned: 3,
			prospects: [{ prospect_id: 'p0' }, { prospect_id: 'p1' }, { prospect_id: 'p2' }],
			note: 'Showing the first 3 of 567 prospects. Add filters to narrow the search.',
		});
	});
});
