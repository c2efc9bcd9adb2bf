/**
 * API v1's cases of sandbox.v2data.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * What the sandbox's v2 serves from the same universe as v1: events under the renamed type,
 * enrichment rows {id, data} without entity_id with renamed and removed fields, and the filters
 * v2 adds or replaces in searches and statistics.
 */
import { type EndpointName, ENDPOINTS } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';

const NOW = new Date('2025-06-01T12:00:00.000Z');

let sandbox: Sandbox;
let v1: ReturnType<typeof sandboxClient>;
let v2: ReturnType<typeof sandboxClient<EndpointName>>;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => NOW, rateLimit: false });
	v1 = sandboxClient(sandbox);
	v2 = sandboxClient(sandbox, ENDPOINTS);
});
afterAll(async () => await sandbox.close());

type Row = Record<string, unknown> & { data: unknown };

describe('v2 business events', () => {
	it('serves an employee_joined_company event of v1 as executive_joined_company, same id, time and data', async () => {
		const business = sandbox.universe.businesses[7];
		const added = sandbox.addEvent({
			business_id: business.business_id,
			event_name: 'employee_joined_company',
			event_time: '2025-05-30T10:00:00+00:00',
		});
		const old = await v1.call('getBusinessEvents', { event_types: ['employee_joined_company'], business_ids: [business.business_id] });
		const renamed = await v2.call('getBusinessEvents', { event_types: ['executive_joined_company'], business_ids: [business.business_id] });
		expect(old.body.output_events.filter((e: { event_id: string }) => e.event_id === added.event_id)).toEqual([added]);
		expect(renamed.body.output_events).toEqual(
			old.body.output_events.map((event: Record<string, unknown>) => ({ ...event, event_name: 'executive_joined_company' })),
		);
		expect(renamed.body.output_events.length).toBeGreaterThanOrEqual(1);
	});
});

describe('v2 enrichments', () => {
	it('answers contact_information with professional_email and without emails or entity_id', async () => {
		const ids = sandbox.universe.prospects.slice(0, 20).map((p) => p.prospect_id);
		const [old, now] = await Promise.all([
			v1.call('enrichProspectContacts', { prospect_ids: ids }),
			v2.call('enrichProspectContacts', { prospect_ids: ids }),
		]);
		expect(now.body.total_results).toBe(old.body.total_results);
		expect(now.body.data).toEqual(
			old.body.data.map(
				({ prospect_id, data: { emails: _emails, professions_email, ...rest } }: Row & { data: Record<string, unknown> }) => ({
					prospect_id,
					data: { professional_email: professions_email, ...rest },
				}),
			),
		);
		expect(now.body.data.length).toBeGreaterThan(10);
		for (const row of now.body.data) {
			expect(Object.keys(row)).toEqual(['prospect_id', 'data']);
			expect(Object.keys(row.data).sort()).toEqual(['mobile_phone', 'phone_numbers', 'professional_email', 'professional_email_status']);
		}
	});

	it('gives one row per id: an array of posts or lookalikes, one object for a single record', async () => {
		const posters = sandbox.universe.prospects.filter((p) => p.posts.length === 3).slice(0, 2);
		const silent = sandbox.universe.prospects.find((p) => p.posts.length === 0)!;
		const posts = await v2.call('enrichProspectPosts', {
			prospect_ids: [posters[0].prospect_id, silent.prospect_id, posters[1].prospect_id],
		});
		// display_name stays for prospects: only the business posts dropped it
		expect(posts.body.data).toEqual(posters.map((p) => ({ prospect_id: p.prospect_id, data: p.posts })));
		expect(posts.body.total_results).toBe(2);

		const business = sandbox.universe.businesses[3].business_id;
		const [oldLookalikes, lookalikes] = await Promise.all([
			v1.call('enrichBusinessLookalikes', { business_ids: [business] }),
			v2.call('enrichBusinessLookalikes', { business_ids: business }),
		]);
		expect(oldLookalikes.body.data.length).toBeGreaterThan(1);
		expect(lookalikes.body.data).toEqual([{ business_id: business, data: oldLookalikes.body.data.map((row: Row) => row.data) }]);

		const [oldFirm, firm] = await Promise.all([
			v1.call('enrichBusinessFirmographics', { business_ids: [business] }),
			v2.call('enrichBusinessFirmographics', { business_ids: business }),
		]);
		expect(oldFirm.body.data).toHaveLength(1);
		expect(firm.body.data).toEqual([{ business_id: business, data: oldFirm.body.data[0].data }]);
	});
});
