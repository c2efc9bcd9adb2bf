/**
 * Search Businesses in a real n8n 2.41 process with the packed package installed: two category
 * filters in Filters (JSON) stop the run with a clear error before anything is sent. The example's
 * pages and n8n's expression engine on API v1: searchBusinesses.v1.test.ts.
 */
import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { CREDENTIAL, NODE, variant } from './searchBusinesses.cases';

describe('Search Businesses in real n8n', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	beforeEach(() => sandbox.clearRequests());

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			await instance.importWorkflows([
				variant('exSearchBad0001', {
					limit: 250,
					filterSource: 'json',
					filtersJson: '{ "websearch_category": { "values": ["Restaurant"] }, "naics_category": { "values": ["722511"] } }',
				}),
			]);
		},
	});

	test('two category filters in JSON fail with a clear error and send nothing', async () => {
		const result = await n8n().execute('exSearchBad0001');

		expect(result.status).toBe('error');
		expect(result.error).toMatchObject({
			message:
				'Item 0: filters may use only one category filter per request, one of websearch_category, profnet_category, naics_category: combining them is not supported',
			description: 'Check "Filters (JSON)". Nothing was sent to the service for this item.',
			node: NODE,
		});
		expect(sandbox.requests).toHaveLength(0);
	});
});
