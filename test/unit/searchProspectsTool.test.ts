/**
 * Search Prospects as a tool: the model's filters go to the service as they are, the service's
 * total comes back with at most Max Prospects records, and a bad filter comes back as a short
 * error text in the model's words, with nothing sent.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

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
	it('a job level outside the list is a short error in the model\'s words; nothing is sent', async () => {
		const { ctx, calls } = toolContext({ filtersJson: '{ "job_level": { "values": ["ceo"] } }' }, 0);

		await expect(executeTool.call(ctx)).rejects.toThrow(/^filters\.job_level\.values\[0\] must be one of owner, founder, c-suite/);
		expect(calls).toHaveLength(0);
	});
});

describe('Search Prospects 3 as a tool (API v2)', () => {
	it("sends the model's filters in v2's words to /v2/prospects, one page of Max Prospects, returns them and a note", async () => {
		const fake = fakeContext(
			(call) =>
				ok({
					data: Array.from({ length: Math.min(Number(call.body.page_size), 567) }, (_, n) => ({ prospect_id: `p${n}` })),
					total_results: 567,
					next_cursor: 'c2',
				}),
			{ items: 1 },
		);
		const values: IDataObject = { ...TOOL_PARAMETERS, filtersJson: '{ "job_level": { "values": ["director"] }, "has_contact_details": { "value": "email" } }' };
		const ctx = {
			...fake.ctx,
			getNode: () => ({ ...TEST_NODE, type: 'n8n-nodes-business-prospect-data.searchProspectsTool', typeVersion: 3 }),
			getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) => values[name] ?? fallback,
		} as unknown as IExecuteFunctions;
		const [answer] = await executeTool.call(ctx);

		expect(fake.calls.map((call) => [call.method, new URL(call.url).pathname, call.body])).toEqual([
			['POST', '/v2/prospects', { mode: 'preview', page_size: 3, filters: { job_level: { values: ['director'] }, has_contact_details: { value: 'email' } } }],
		]);
		expect(answer.json).toEqual({
			total_found: 567,
			returned: 3,
			prospects: [{ prospect_id: 'p0' }, { prospect_id: 'p1' }, { prospect_id: 'p2' }],
			note: 'Showing the first 3 of 567 prospects. Add filters to narrow the search.',
		});
	});
});
