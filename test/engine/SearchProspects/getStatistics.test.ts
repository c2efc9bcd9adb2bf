/**
 * Search Prospects 3, the Get Statistics operation, on API v2 (node version 3 at Per Node Version),
 * in n8n-core's engine against the sandbox: one request per distinct filter set, the item with
 * total_results and stats, invalid filters refused before sending. The same on v1:
 * getStatistics.v1.test.ts. Set-up in setup.ts.
 */
import { catalogFor } from '../../../nodes/shared/api';
import { idsWhere, NODE, requestsTo, runOn, sandbox, setUpSandbox } from './setup';

setUpSandbox();

const run = runOn('v2');
const STATS_PATH = catalogFor('v2').prospectStats.path;

describe('Get Statistics', () => {
	test('Search Prospects 3: one request per input item, items with the same filters share one, one item each with total_results and stats', async () => {
		const result = await run({ operation: 'getStatistics', filters: { jobLevels: '={{ $json.levels }}' } }, [
			{ levels: ['director'] },
			{ levels: ['owner', 'founder'] },
			{ levels: ['director'] },
		]);

		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', STATS_PATH, { filters: { job_level: { values: ['director'] } } }],
			['POST', STATS_PATH, { filters: { job_level: { values: ['owner', 'founder'] } } }],
		]);
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
		expect(requestsTo(STATS_PATH)).toHaveLength(1);
		expect(sandbox.requests).toHaveLength(1);
		expect(result.pairedItems(NODE)).toEqual([[{ item: 0 }], [{ item: 1 }]]);
	});
});
