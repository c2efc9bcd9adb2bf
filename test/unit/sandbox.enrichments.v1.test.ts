/**
 * API v1's cases of sandbox.enrichments.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The sandbox's bulk enrichments beyond the contract: shapes, consistency with the universe, and
 * parameter validation answered with 422 as the other endpoints do.
 */
import { LIMITS } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => new Date('2025-06-15T12:00:00Z'), rateLimit: false });
	api = sandboxClient(sandbox);
});
afterAll(async () => await sandbox.close());

const ids = (n: number) => sandbox.universe.businesses.slice(0, n).map((b) => b.business_id);
type Element = { business_id?: string; prospect_id?: string; data: Record<string, any> };

/** Many ids, 50 per call as the endpoint allows: the elements of all answers. */
async function callAll(name: Parameters<typeof api.call>[0], businessIds: string[]): Promise<Element[]> {
	const elements: Element[] = [];
	for (let start = 0; start < businessIds.length; start += LIMITS.businessEnrichIds) {
		const { status, body } = await api.call(name, { business_ids: businessIds.slice(start, start + LIMITS.businessEnrichIds) });
		expect(status).toBe(200);
		elements.push(...body.data);
	}
	return elements;
}

describe('sandbox: bulk enrichments beyond the contract', () => {
	it('is consistent with the universe: lookalikes, peers and parents are businesses of the same universe', async () => {
		const { body } = await api.call('enrichBusinessLookalikes', { business_ids: ids(20) });
		const lookalikes = body.data as Element[];
		expect(lookalikes.length).toBeGreaterThan(20);
		for (const element of lookalikes) {
			const self = sandbox.universe.business(element.business_id!);
			const other = sandbox.universe.business(element.data.business_id);
			expect(other?.naics).toBe(self?.naics);
			expect(element.data.similarity_score).toBeGreaterThanOrEqual(0.6);
		}
		const counts = new Map<string, number>();
		for (const element of lookalikes) counts.set(element.business_id!, (counts.get(element.business_id!) ?? 0) + 1);
		expect(Math.max(...counts.values())).toBeLessThanOrEqual(3);

		const hierarchies = await callAll('enrichBusinessHierarchy', ids(500));
		expect(hierarchies.length).toBeGreaterThan(0);
		for (const { data } of hierarchies) {
			if (data.parent_business_id) expect(sandbox.universe.business(data.parent_business_id)?.name).toBe(data.parent_name);
			for (const sub of data.subsidiaries) expect(sandbox.universe.business(sub.business_id)?.name).toBe(sub.name);
		}
	});

	it('contact information repeats the prospect\'s email and phone', async () => {
		const prospects = sandbox.universe.prospects.slice(0, 40);
		const { body } = await api.call('enrichProspectContacts', { prospect_ids: prospects.map((p) => p.prospect_id) });
		expect(body.data.length).toBeGreaterThan(25);
		for (const { prospect_id, data } of body.data as Element[]) {
			const prospect = sandbox.universe.prospect(prospect_id!)!;
			expect(data.emails[0]).toEqual({ address: prospect.email, type: 'professional' });
			expect(data.professions_email).toBe(prospect.email);
			expect(['valid', 'invalid', 'catch-all']).toContain(data.professional_email_status);
			expect(data.phone_numbers).toEqual([prospect.phone_number]);
		}
	});

	it('website traffic: the previous month of the sandbox clock by default, none for a month not yet over', async () => {
		const [a] = ids(30).filter((id) => sandbox.universe.business(id));
		const byDefault = await api.call('enrichBusinessWebsiteTraffic', { business_ids: ids(30) });
		expect(byDefault.body.data.length).toBeGreaterThan(20);
		expect(new Set(byDefault.body.data.map((e: Element) => e.data.month_period))).toEqual(new Set(['2025-05']));
		const future = await api.call('enrichBusinessWebsiteTraffic', { business_ids: [a], parameters: { month_period: '2025-06' } });
		expect(future.body.data).toEqual([]);
	});
});
