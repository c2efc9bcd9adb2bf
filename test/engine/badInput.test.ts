/**
 * Bad input in n8n-core's engine against the sandbox: what a careless user (or a hostile
 * expression) maps into the nodes is refused before anything is sent, naming item, field and rule
 * (here Manage Enrollment's business ids and keys); and at each node's first v2 version: prototype
 * keys in Filters (JSON), one bad item under Continue on Fail never sinking the others, a Since in
 * the future, contract rules met before sending (NFC names, https:// for a profile URL without a
 * scheme), Match keeping the valid fields, ids checked before Enrich sends, its parameters sent as
 * written. The same on v1: badInput.v1.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { catalogFor, ENDPOINTS } from '../../nodes/shared/api';
import { sandboxClient } from '../sandbox';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from './harness';
import { typeVersionFor } from './harness/apiVersions';

const NOTHING_SENT = 'Nothing was sent to the service for this item.';

const sandbox = useSandbox({ rateLimit: false, retryAfterSeconds: 0 }, (started) => {
	started.enrollments.businesses.clear();
	sandbox.enrollments.prospects.clear();
	started.enrollments.businessesV2.clear();
	started.webhooks.tenant.clear();
});

const node = (name: string, type: string, parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode(type, name, parameters, settings);

async function run(items: IDataObject[], target: WorkflowNode) {
	return await runWorkflow(onItems(items, target), {
		credentials: sandboxCredentials(sandbox),
	});
}

const businessIds = (count: number) => sandbox.universe.businesses.slice(0, count).map((business) => business.business_id);

describe('Manage Enrollment: types and the business id format', () => {
	const create = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}) =>
		node(
			'Manage Enrollment',
			'manageEnrollment',
			{
				resource: 'businessEnrollment',
				operation: 'create',
				enrollmentKey: '={{ $json.key }}',
				eventTypes: ['new_product'],
				combine: 'each',
				...parameters,
			},
			settings,
		);

	test('"acme inc" is one bad business id (never ids "acme" and "inc"), an object key is refused: nothing sent', async () => {
		const first = await run([{ key: 'k-acme', business_id: 'acme inc' }], create());
		expect(first.error).toMatchObject({
			itemIndex: 0,
			message: 'Item 0: Business IDs "acme inc" is not a business ID: must be 32 lowercase hexadecimal characters',
			description: NOTHING_SENT,
		});
		const second = await run([{ key: { name: 'k' }, business_id: businessIds(1)[0] }], create());
		expect(second.error?.message).toBe('Item 0: Enrollment Key must be text, got an object');
		expect(sandbox.requests).toHaveLength(0);
		expect(sandbox.enrollments.businesses.size).toBe(0);
	});
});

/** Each node at its first version that speaks v2 at Per Node Version. */
const nodeV2 = (name: string, type: string, parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode(type, name, parameters, { typeVersion: typeVersionFor(type, 'v2'), ...settings });
const continueOnFail: Partial<WorkflowNode> = { onError: 'continueRegularOutput' };
const DAY_MS = 86_400_000;
const V2 = catalogFor('v2');
const bodiesTo = (path: string) => sandbox.requests.filter((request) => request.path === path && request.method === 'POST').map((request) => request.body as IDataObject);
/** every request the run sent, method and path */
const sent = () => sandbox.requests.map((request) => `${request.method} ${request.path}`);

describe('Search Businesses 2: prototype keys in Filters (JSON)', () => {
	const V2_BUSINESS_FILTERS =
		'country_code, region_country_code, city_region_country, company_size, company_revenue, company_age, number_of_locations, websearch_category, profnet_category, naics_category, ' +
		'company_tech_stack_category, company_tech_stack_tech, company_name, website_keywords, city_region, has_website, events, business_intent_topics, business_id, is_public_company, include_operating_locations';
	const search = (filtersJson: string, settings: Partial<WorkflowNode> = {}) =>
		nodeV2('Search Businesses', 'searchBusinesses', { mode: 'preview', limit: 10, filterSource: 'json', filtersJson }, settings);

	test.each([
		['__proto__', '{"__proto__": {"values": ["us"]}}'],
		['constructor', '{"constructor": {"values": ["us"]}}'],
		['prototype', '{"prototype": {"values": ["us"]}}'],
		// an object from an expression: JSON.parse keeps "__proto__" as a key
		['__proto__', '={{ JSON.parse($json.text) }}'],
	])('"%s" (%s) is an unknown filter: an error, nothing sent', async (key, filtersJson) => {
		const result = await run([{ text: '{"__proto__": {"values": ["us"]}}' }], search(filtersJson));
		expect(sandbox.requests).toHaveLength(0);
		expect(result.error?.message).toBe(`Item 0: filters has unknown filter "${key}": the filters of API v2 are ${V2_BUSINESS_FILTERS}`);
		expect(result.error?.description).toBe(`Check "Filters (JSON)". ${NOTHING_SENT}`);
	});

	test('under Continue on Fail the other items search as usual', async () => {
		const result = await run(
			[{ f: '{"__proto__": {"values": ["us"]}}' }, { f: '{"country_code": {"values": ["us"]}}' }],
			search('={{ $json.f }}', continueOnFail),
		);
		expect(result.error).toBeUndefined();
		expect(sent()).toEqual([`POST ${V2.searchBusinesses.path}`]);
		expect(bodiesTo(V2.searchBusinesses.path)).toEqual([
			{ mode: 'preview', page_size: 10, filters: { country_code: { values: ['us'] }, include_operating_locations: { value: true } } },
		]);
		const output = result.json('Search Businesses');
		expect(output[0]).toEqual({
			error: `Item 0: filters has unknown filter "__proto__": the filters of API v2 are ${V2_BUSINESS_FILTERS}`,
			details: `Check "Filters (JSON)". ${NOTHING_SENT}`,
		});
		expect(output).toHaveLength(11);
		expect(result.pairedItems('Search Businesses').map((pairs) => pairs.map((pair) => pair.item))).toEqual([[0], ...Array(10).fill([1])]);
	});
});

describe('Manage Enrollment 2: one bad item never sinks the others', () => {
	test('under Continue on Fail the valid items are enrolled, each bad one is its paired error', async () => {
		const [a, b] = businessIds(2);
		const client = sandboxClient(sandbox, ENDPOINTS);
		const webhookId = String((await client.call('registerWebhook', { name: 'receiver', webhook_url: 'http://127.0.0.1:9/receiver' })).body.webhook_id);
		sandbox.clearRequests();
		const result = await run(
			[
				{ key: 'k-one', business_id: a },
				{ key: 'k-two', business_id: 'acme inc' },
				{ key: { name: 'k' }, business_id: b },
				{ key: 'k-four', business_id: [b, { id: a }] },
				{ key: 'k-five', business_id: `${a}\n${b}` },
			],
			nodeV2(
				'Manage Enrollment',
				'manageEnrollment',
				{
					resource: 'businessEnrollment',
					operation: 'create',
					enrollmentKey: '={{ $json.key }}',
					eventTypes: ['new_product'],
					combine: 'each',
					webhookId: { __rl: true, mode: 'id', value: webhookId },
				},
				continueOnFail,
			),
		);
		expect(result.error).toBeUndefined();
		const path = V2.createBusinessEnrollment.path;
		expect(sent()).toEqual([`GET ${path}`, `POST ${path}`, `POST ${path}`]);
		expect(bodiesTo(path)).toEqual([
			{ enrollment_key: 'k-one', event_types: ['new_product'], webhook_id: webhookId, business_ids: [a] },
			{ enrollment_key: 'k-five', event_types: ['new_product'], webhook_id: webhookId, business_ids: [a, b] },
		]);
		const output = result.json('Manage Enrollment');
		expect(output.map((item) => item.error ?? item.enrollment_key)).toEqual([
			'k-one',
			'Item 1: Business IDs "acme inc" is not a business ID: must be 32 lowercase hexadecimal characters',
			'Item 2: Enrollment Key must be text, got an object',
			'Item 3: Business IDs must be an ID, a list of IDs or comma-separated IDs, got an object',
			'k-five',
		]);
		expect(result.pairedItems('Manage Enrollment').map((pairs) => pairs.map((pair) => pair.item))).toEqual([[0], [1], [2], [3], [4]]);
	});
});

describe('Get Events 2: a Since in the future is an item error, not a failed run', () => {
	const events = (settings: Partial<WorkflowNode> = {}) => nodeV2('Get Events', 'getEvents', { since: '={{ $json.since }}', output: 'inputItem' }, settings);

	test('nothing is sent for it; under Continue on Fail the other items get their events', async () => {
		const [a, b] = businessIds(2);
		const future = new Date(Date.now() + DAY_MS).toISOString();
		const past = new Date(Date.now() - 30 * DAY_MS).toISOString();

		const stopped = await run([{ business_id: a, since: future }], events());
		expect(sandbox.requests).toHaveLength(0);
		expect(stopped.error?.message).toMatch(/^Item 0: Since must not be in the future \(only events after it are returned\): got /);

		const result = await run(
			[
				{ business_id: a, since: future },
				{ business_id: b, since: past },
				{ business_id: 'acme', since: past },
			],
			events(continueOnFail),
		);
		expect(result.error).toBeUndefined();
		expect(sent()).toEqual([`POST ${V2.getBusinessEvents.path}`]);
		expect(bodiesTo(V2.getBusinessEvents.path).map((body) => body.business_ids)).toEqual([[b]]);
		const output = result.json('Get Events');
		expect(output).toHaveLength(3);
		expect(output[0].error).toMatch(/^Item 0: Since must not be in the future \(only events after it are returned\): got /);
		expect(output[1].events).toEqual(expect.any(Array));
		expect(output[2].error).toBe('Item 2: Business IDs "acme" is not a business ID: must be 32 lowercase hexadecimal characters');
		expect(result.pairedItems('Get Events').map((pairs) => pairs.map((pair) => pair.item))).toEqual([[0], [1], [2]]);
	});

	// v2 takes no Event Data Parameters (refused for the item that sets them: GetEvents/business/getEvents.test.ts);
	// a reserved key in them is refused as on v1, by its own rule, nothing sent
	test('a "__proto__" key in Event Data Parameters is refused by name, nothing sent', async () => {
		const [a] = businessIds(1);
		const since = new Date(Date.now() - 30 * DAY_MS).toISOString();
		const refused = await run([{ business_id: a }], nodeV2('Get Events', 'getEvents', { since, options: { eventDataParameters: '[{"__proto__": {"polluted": true}}]' } }));
		expect(sandbox.requests).toHaveLength(0);
		expect(refused.error?.message).toBe(
			'Item 0: Event Data Parameters uses a reserved key ([0].__proto__): the keys __proto__, constructor and prototype are not accepted',
		);
	});
});

describe('Match Prospects 2: contract rules met before sending, and matching on the valid fields', () => {
	const match = (settings: Partial<WorkflowNode> = {}) => nodeV2('Match Prospects', 'matchProspects', {}, settings);
	const matchable = () => sandbox.universe.prospects.filter((prospect) => prospect.matchable);

	test('an NFD name is sent in NFC, a profile URL without a scheme with https://, an international e-mail as is', async () => {
		const [a] = matchable();
		const result = await run(
			[{ full_name: 'Jose\u0301 Garci\u0301a', company_name: 'Acme' }, { profnet: a.profnet.replace(/^https:\/\//, '') }, { email: 'jörg@bücher.de' }],
			match(),
		);
		expect(result.error).toBeUndefined();
		expect(sent()).toEqual([`POST ${V2.matchProspects.path}`]);
		expect(bodiesTo(V2.matchProspects.path)).toEqual([
			{ prospects_to_match: [{ full_name: 'José García', company_name: 'Acme' }, { profnet: a.profnet }, { email: 'jörg@bücher.de' }] },
		]);
		expect(result.json('Match Prospects')[1]).toMatchObject({ prospect_id: a.prospect_id, matched: true });
	});

	test('a bad field is left out with a warning when another can match; with none left the item fails', async () => {
		const [a, b] = matchable();
		const result = await run(
			[{ email: 'jane@', phone_number: a.phone_number }, { email: b.email, business_id: 'acme inc' }, { profnet: 'javascript:alert(1)' }],
			match(continueOnFail),
		);
		expect(result.error).toBeUndefined();
		expect(bodiesTo(V2.matchProspects.path)).toEqual([{ prospects_to_match: [{ phone_number: a.phone_number }, { email: b.email }] }]);
		const [first, second, third] = result.json('Match Prospects');
		expect(first).toMatchObject({ prospect_id: a.prospect_id, warnings: ['email not sent, matched on the other fields: email must be an email address'] });
		expect(second).toMatchObject({
			prospect_id: b.prospect_id,
			warnings: [
				'business_id not sent, matched on the other fields (without business_id the match is not restricted to one company): business_id must be 32 lowercase hexadecimal characters',
			],
		});
		expect(third).toEqual({
			error: 'Item 2: profnet must be a profile URL: a web address (http or https) such as https://www.example.com/in/jane-doe',
			details: NOTHING_SENT,
		});
		expect(result.pairedItems('Match Prospects').map((pairs) => pairs.map((pair) => pair.item))).toEqual([[0], [1], [2]]);
	});
});

describe('Enrich 2: ids checked before sending', () => {
	const funding = V2.enrichBusinessFunding.path;

	test('a business id that is not in the contract format, and an id that is not text, are item errors', async () => {
		const [a] = businessIds(1);
		const result = await run(
			[{ business_id: 'acme' }, { business_id: a }, { business_id: { id: a } }],
			nodeV2('Enrich', 'enrich', { resource: 'business', businessEnrichments: ['fundingAndAcquisitions'] }, continueOnFail),
		);
		expect(result.error).toBeUndefined();
		expect(sent()).toEqual([`POST ${funding}`]);
		expect(bodiesTo(funding)).toEqual([{ business_ids: [a] }]);
		const output = result.json('Enrich');
		expect(output[0].error).toBe('Item 0: business_id "acme" is not a business ID: must be 32 lowercase hexadecimal characters');
		expect(output[2].error).toBe('Item 2: business_id must be text, got an object');
		expect(output).toHaveLength(3);
	});

	test('Enrichment Parameters reach the service as the JSON written (objects without a prototype)', async () => {
		const [a] = businessIds(1);
		await run(
			[{ business_id: a }],
			nodeV2('Enrich', 'enrich', {
				resource: 'business',
				businessEnrichments: ['fundingAndAcquisitions'],
				options: { parameters: '{"since": "2024-01-01", "filter": {"kinds": ["seed"]}}' },
			}),
		);
		expect(bodiesTo(funding)).toEqual([{ business_ids: [a], parameters: { since: '2024-01-01', filter: { kinds: ['seed'] } } }]);
	});
});
