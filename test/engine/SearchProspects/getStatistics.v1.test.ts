/**
 * Search Prospects, the Get Statistics operation, on API v1 (node version 2 at Per Node Version),
 * in n8n-core's engine against the sandbox: one request per distinct filter set, the item with
 * total_results and stats, invalid filters refused before sending. Retiring v1 deletes this file
 * (docs/development.md, "Retiring API v1"). Set-up in setup.ts.
 */
import { idsWhere, NODE, requestsTo, runOn, sandbox, SEARCH_PATH, setUpSandbox } from './setup';

setUpSandbox();

/** the node at version 2, the newest that speaks v1 at Per Node Version: these are v1's cases */
const run = runOn('v1');

describe('Get Statistics', () => {
	test('Search Prospects: one request per input item, items with the same filters share one, one item each with total_results and stats', async () => {
		const result = await run(
			{ operation: 'getStatistics', filters: { jobLevels: '={{ $json.levels }}' }, options: { requestContext: '{ "run": 7 }' } },
			[{ levels: ['director'] }, { levels: ['owner', 'founder'] }, { levels: ['director'] }],
		);

		expect(result.error).toBeUndefined();
		expect(requestsTo('/v1/prospects/stats').map((r) => r.body)).toEqual([
			{ filters: { job_level: { values: ['director'] } }, request_context: { run: 7 } },
			{ filters: { job_level: { values: ['owner', 'founder'] } }, request_context: { run: 7 } },
		]);
		expect(requestsTo(SEARCH_PATH)).toHaveLength(0);
		const director = sandbox.universe.prospectStats({ job_level: { values: ['director'] } });
		const owners = sandbox.universe.prospectStats({ job_level: { values: ['owner', 'founder'] } });
		expect(result.json(NODE)).toEqual([director, owners, director]);
		expect(director.total_results).toBe(idsWhere((e) => e.facets.job_level === 'director').length);
		expect(Object.keys(director.stats)).toEqual(['job_departments_per_location', 'total_per_location', 'job_levels_per_location']);
		expect(result.pairedItems(NODE)).toEqual([0, 1, 2].map((item) => [{ item }]));
		const output = result.output(NODE);
		expect(output[2].json).not.toBe(output[0].json);
	});

	test('invalid filters fail the item before anything is sent; under Continue on Fail the others run', async () => {
		const result = await run(
			{ operation: 'getStatistics', filters: { jobLevels: '={{ $json.levels }}' } },
			[{ levels: ['director'] }, { levels: ['CEO'] }],
			{ onError: 'continueRegularOutput' },
		);
		expect(result.json(NODE)[1]).toEqual({
			error: `Item 1: Job Levels: "ceo" must be one of ${['owner', 'founder', 'c-suite', 'president', 'vice president', 'director', 'senior manager', 'manager', 'partner', 'senior non-managerial', 'non-managerial', 'junior', 'advisor', 'freelancer', 'board member'].join(', ')}`,
			details: 'Check "Filters > Job Levels". Nothing was sent to the service for this item.',
		});
		expect(requestsTo('/v1/prospects/stats')).toHaveLength(1);
	});
});
