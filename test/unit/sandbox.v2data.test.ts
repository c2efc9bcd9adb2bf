/**
 * What the sandbox's v2 serves from the same universe as v1: events under the renamed type,
 * enrichment rows {id, data} without entity_id with renamed and removed fields, and the filters
 * v2 adds or replaces in searches and statistics.
 */
import { type EndpointName, ENDPOINTS, V2_FIELD_RENAMES } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { v2EnrichmentRecord, withV2FieldNames } from '../sandbox/v2/renames';

const NOW = new Date('2025-06-01T12:00:00.000Z');

let sandbox: Sandbox;
let v2: ReturnType<typeof sandboxClient<EndpointName>>;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => NOW, rateLimit: false });
	v2 = sandboxClient(sandbox, ENDPOINTS);
});
afterAll(async () => await sandbox.close());

describe('v2 business events', () => {
	it('bounds events by timestamp_to, and refuses a duplicate id (new in v2)', async () => {
		const business = sandbox.universe.businesses[8];
		const early = sandbox.addEvent({
			business_id: business.business_id,
			event_name: 'new_product',
			event_time: '2025-05-20T00:00:00+00:00',
		});
		const late = sandbox.addEvent({
			business_id: business.business_id,
			event_name: 'new_product',
			event_time: '2025-05-28T00:00:00+00:00',
		});
		const ask = (extra: object) =>
			v2.call('getBusinessEvents', {
				event_types: ['new_product'],
				business_ids: [business.business_id],
				timestamp_from: '2025-05-19',
				...extra,
			});
		const ids = async (extra: object) => (await ask(extra)).body.output_events.map((e: { event_id: string }) => e.event_id);
		expect(await ids({ timestamp_to: '2025-05-27' })).toEqual([early.event_id]);
		expect(await ids({})).toEqual([early.event_id, late.event_id]);
		const twice = await v2.call('getBusinessEvents', {
			event_types: ['new_product'],
			business_ids: [business.business_id, business.business_id],
		});
		expect([twice.status, twice.body.detail]).toEqual([
			422,
			[{ loc: ['body', 'business_ids'], msg: 'must not contain duplicate ids', type: 'value_error' }],
		]);
	});
});

describe('v2 enrichments', () => {
	it('renames every v2 field at any depth, and drops the removed ones only where v2 removed them', () => {
		const v1Names = Object.fromEntries(Object.keys(V2_FIELD_RENAMES).map((name, i) => [name, i]));
		expect(withV2FieldNames({ constructor: 'c', toString: 't' })).toEqual({ constructor: 'c', toString: 't' });
		expect(withV2FieldNames({ ...v1Names, rounds: [{ founding_stage: 'seed', amount: 1 }], keep: { founding_date: null } })).toEqual({
			funding_stage: 0,
			funding_date: 1,
			professional_email: 2,
			money_spent_on_website_technologies: 3,
			latest_funding_increase_percentage: 4,
			rounds: [{ funding_stage: 'seed', amount: 1 }],
			keep: { funding_date: null },
		});
		const rating = {
			ratings_overall: 4.1,
			company_city: 'Oslo',
			company_country_code: 'no',
			company_region: 'Oslo',
			company_street: 'x',
			company_zip_code: '0150',
		};
		expect(v2EnrichmentRecord('businesses/company_ratings_by_employees', rating)).toEqual({ ratings_overall: 4.1 });
		expect(v2EnrichmentRecord('businesses/profnet_posts', { display_name: 'Acme', post_text: 't' })).toEqual({ post_text: 't' });
		expect(v2EnrichmentRecord('prospects/profnet_posts', { display_name: 'Jane', post_text: 't' })).toEqual({
			display_name: 'Jane',
			post_text: 't',
		});
	});
});

describe('v2 search and statistics filters', () => {
	const facets = () => sandbox.universe.searchableProspects.map((entry) => entry.facets);
	const total = async (filters: object) =>
		(await v2.call('searchProspects', { mode: 'preview', page_size: 1, filters })).body.total_results;

	it('selects by has_contact_details as the v1 contact facets say', async () => {
		const count = (rule: (email: boolean, phone: boolean) => boolean) =>
			facets().filter((f) => rule(f.has_email, f.has_phone_number)).length;
		const expected = {
			email: count((e) => e),
			phone: count((_e, p) => p),
			email_and_phone: count((e, p) => e && p),
			email_or_phone: count((e, p) => e || p),
		};
		const answered: Record<string, number> = {};
		for (const value of Object.keys(expected)) answered[value] = await total({ has_contact_details: { value } });
		expect(answered).toEqual(expected);
		expect(expected.email_and_phone).toBeLessThan(expected.email);
		expect(expected.email_or_phone).toBeGreaterThan(expected.email);
		const v1Both = sandbox.universe.searchProspects({ has_email: { value: true }, has_phone_number: { value: true } }).length;
		expect(expected.email_and_phone).toBe(v1Both);
	});

	it('selects businesses by business_id and is_public_company, and counts statistics over the same selection', async () => {
		const ids = sandbox.universe.businesses.slice(0, 30).map((b) => b.business_id);
		const publicOnes = sandbox.universe.businesses
			.slice(0, 30)
			.filter((b) => b.public_company)
			.map((b) => b.business_id);
		expect(publicOnes.length).toBeGreaterThan(0);
		expect(publicOnes.length).toBeLessThan(30);
		const filters = { business_id: { values: ids }, is_public_company: { value: true } };
		const { body } = await v2.call('searchBusinesses', { mode: 'preview', page_size: 500, filters });
		expect(body.data.map((b: { business_id: string }) => b.business_id)).toEqual(publicOnes);
		const stats = await v2.call('businessStats', { filters });
		expect(stats.body.total_results).toBe(publicOnes.length);
		const all = await v2.call('businessStats', { filters: {} });
		const { response_context: _context, ...rest } = all.body;
		expect(rest).toEqual(sandbox.universe.businessStats({}));
	});
});
