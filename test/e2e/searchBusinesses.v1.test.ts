/**
 * Search Businesses in a real n8n 2.41 process with the packed package installed, on a credential
 * set to API v1: the shipped example workflow (examples/search-businesses.json) yields 250
 * businesses in three pages, and expressions evaluated by n8n's own expression engine (exclude
 * list, limit) work there too. Filters (JSON) refused before sending: searchBusinesses.test.ts.
 */
import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { CREDENTIAL, EXAMPLE, NODE, variant } from './searchBusinesses.cases';

describe('Search Businesses in real n8n', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	beforeEach(() => sandbox.clearRequests());

	// The example's filters, as the service receives them.
	const filters = { country_code: { values: ['us'] }, company_size: { values: ['11-50', '51-200'] } };
	const matching = () => sandbox.universe.searchBusinesses(filters);
	const skipped = () => matching().slice(0, 300).filter((_, n) => n % 2 === 0).map((b) => b.business_id);

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			// API v1 named: the examples are at their API v2 node versions (apiVersionSwitch.v1.test.ts runs them on both)
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, apiVersion: 'v1' } });
			await instance.importWorkflows([
				EXAMPLE,
				variant('exSearchExpr001', {
					limit: '={{ 20 * 6 }}',
					filters: { countries: '={{ ["us"] }}', companySize: ['11-50', '51-200'] },
					options: { pageSize: 50, exclude: `={{ ${JSON.stringify(skipped())} }}` },
				}),
			]);
		},
	});

	test('the example workflow yields 250 businesses: pages 1-3, all matching both filters', async () => {
		const expected = matching();
		expect(expected.length).toBeGreaterThan(250);

		const result = await n8n().execute(EXAMPLE.id);

		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
		const out = result.output(NODE);
		expect(out).toHaveLength(250);
		expect(out.map((item) => item.json.business_id)).toEqual(expected.slice(0, 250).map((b) => b.business_id));
		for (const item of out) {
			const business = sandbox.universe.business(String(item.json.business_id))!;
			expect(business.facets.country_code).toBe('us');
			expect(['11-50', '51-200']).toContain(business.facets.company_size);
			expect(item.json).toHaveProperty('number_of_employees_range', business.facets.company_size);
			expect(item.pairedItem).toEqual({ item: 0 });
		}
		expect(sandbox.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['POST', '/v1/businesses', 200],
			['POST', '/v1/businesses', 200],
			['POST', '/v1/businesses', 200],
		]);
		expect(sandbox.requests.map((r) => r.body)).toEqual(
			[1, 2, 3].map((page) => ({ mode: 'full', size: 250, page_size: 100, page, filters })),
		);
		expect(`${result.diagnostics.stdout}${result.diagnostics.stderr}`).not.toContain(sandbox.apiKey);
	});

	test("n8n's expression engine feeds the limit, a country list and an exclude array", async () => {
		const exclude = skipped();
		const result = await n8n().execute('exSearchExpr001');

		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
		const ids = result.items(NODE).map((json) => json.business_id);
		expect(ids).toEqual(sandbox.universe.searchBusinesses(filters, exclude).slice(0, 120).map((b) => b.business_id));
		expect(sandbox.requests.map((r) => r.body)).toEqual(
			[1, 2, 3].map((page) => ({ mode: 'preview', size: 120, page_size: 50, page, exclude, filters })),
		);
	});
});
