/**
 * Bad input on API v1 (each node at its newest version that speaks v1 at Per Node Version) in
 * n8n-core's engine against the sandbox: prototype keys in Filters (JSON) refused by v1's filter
 * names; under Continue on Fail one bad item never sinks the others; a Since in the future is an
 * item error; contract rules that can be met are met (NFC names, https:// for a profile URL without
 * a scheme); Match keeps matching on the fields that are valid; ids checked before Enrich sends,
 * and its parameters sent as written. Request counts come from the sandbox's log. Retiring v1
 * deletes this file (docs/development.md, "Retiring API v1").
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from './harness';
import { typeVersionFor } from './harness/apiVersions';

const NOTHING_SENT = 'Nothing was sent to the service for this item.';
const DAY_MS = 86_400_000;

const sandbox = useSandbox({ rateLimit: false, retryAfterSeconds: 0 }, (started) => {
	started.enrollments.businesses.clear();
	sandbox.enrollments.prospects.clear();
});

/** each node at its newest version that speaks v1 at Per Node Version: these are v1's cases */
const node = (name: string, type: string, parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode(type, name, parameters, { typeVersion: typeVersionFor(type, 'v1'), ...settings });
const continueOnFail: Partial<WorkflowNode> = { onError: 'continueRegularOutput' };

async function run(items: IDataObject[], target: WorkflowNode) {
	return await runWorkflow(onItems(items, target), {
		credentials: sandboxCredentials(sandbox),
	});
}

const requestsTo = (path: string, method = 'POST') =>
	sandbox.requests.filter((request) => request.path === path && request.method === method);
const bodies = (path: string) => requestsTo(path).map((request) => request.body as IDataObject);
const businessIds = (count: number) => sandbox.universe.businesses.slice(0, count).map((business) => business.business_id);

describe('Search Businesses: prototype keys in Filters (JSON)', () => {
	const search = (filtersJson: string, settings: Partial<WorkflowNode> = {}) =>
		node('Search Businesses', 'searchBusinesses', { mode: 'preview', limit: 10, filterSource: 'json', filtersJson }, settings);

	test.each([
		['__proto__', '{"__proto__": {"values": ["us"]}}'],
		['constructor', '{"constructor": {"values": ["us"]}}'],
		['prototype', '{"prototype": {"values": ["us"]}}'],
		// an object from an expression: JSON.parse keeps "__proto__" as a key
		['__proto__', '={{ JSON.parse($json.text) }}'],
	])('"%s" (%s) is an unknown filter: an error, nothing sent', async (key, filtersJson) => {
		const result = await run([{ text: '{"__proto__": {"values": ["us"]}}' }], search(filtersJson));
		expect(sandbox.requests).toHaveLength(0);
		expect(result.error?.message).toMatch(new RegExp(`^Item 0: filters has unknown filter "${key}": the filters are country_code`));
		expect(result.error?.description).toBe(`Check "Filters (JSON)". ${NOTHING_SENT}`);
	});

	test('under Continue on Fail the other items search as usual', async () => {
		const result = await run(
			[{ f: '{"__proto__": {"values": ["us"]}}' }, { f: '{"country_code": {"values": ["us"]}}' }],
			search('={{ $json.f }}', continueOnFail),
		);
		expect(result.error).toBeUndefined();
		expect(bodies('/v1/businesses')).toEqual([
			{ mode: 'preview', size: 10, page_size: 10, page: 1, filters: { country_code: { values: ['us'] } } },
		]);
		const output = result.json('Search Businesses');
		expect(output[0]).toEqual({
			error: expect.stringMatching(/^Item 0: filters has unknown filter "__proto__"/),
			details: `Check "Filters (JSON)". ${NOTHING_SENT}`,
		});
		expect(output.length).toBeGreaterThan(1);
		expect(result.pairedItems('Search Businesses').slice(1).every((pairs) => pairs[0].item === 1)).toBe(true);
	});
});

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

	test('under Continue on Fail one bad item never sinks the others', async () => {
		const [a, b] = businessIds(2);
		const result = await run(
			[
				{ key: 'k-one', business_id: a },
				{ key: 'k-two', business_id: 'acme inc' },
				{ key: { name: 'k' }, business_id: b },
				{ key: 'k-four', business_id: [b, { id: a }] },
				{ key: 'k-five', business_id: `${a}\n${b}` },
			],
			create({}, continueOnFail),
		);
		expect(result.error).toBeUndefined();
		expect(bodies('/v1/businesses/events/enrollments')).toEqual([
			{ enrollment_key: 'k-one', event_types: ['new_product'], business_ids: [a] },
			{ enrollment_key: 'k-five', event_types: ['new_product'], business_ids: [a, b] },
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

describe('Get Events: a Since in the future is an item error, not a failed run', () => {
	const events = (settings: Partial<WorkflowNode> = {}) =>
		node('Get Events', 'getEvents', { since: '={{ $json.since }}', output: 'inputItem' }, settings);

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
		expect(bodies('/v1/businesses/events').map((body) => body.business_ids)).toEqual([[b]]);
		const output = result.json('Get Events');
		expect(output).toHaveLength(3);
		expect(output[0].error).toMatch(/^Item 0: Since must not be in the future/);
		expect(output[1].events).toEqual(expect.any(Array));
		expect(output[2].error).toBe('Item 2: Business IDs "acme" is not a business ID: must be 32 lowercase hexadecimal characters');
	});

	test('Event Data Parameters are sent as written, and a "__proto__" key in them is refused', async () => {
		const [a] = businessIds(1);
		const since = new Date(Date.now() - 30 * DAY_MS).toISOString();
		const parameters = (eventDataParameters: string) =>
			node('Get Events', 'getEvents', { since, options: { eventDataParameters } });
		await run([{ business_id: a }], parameters('[{"amount": {"min": 5}, "tags": ["a"]}]'));
		expect(bodies('/v1/businesses/events')[0].event_data_parameters).toEqual([{ amount: { min: 5 }, tags: ['a'] }]);

		sandbox.clearRequests();
		const refused = await run([{ business_id: a }], parameters('[{"__proto__": {"polluted": true}}]'));
		expect(sandbox.requests).toHaveLength(0);
		expect(refused.error?.message).toBe(
			'Item 0: Event Data Parameters uses a reserved key ([0].__proto__): the keys __proto__, constructor and prototype are not accepted',
		);
	});
});

describe('Match Prospects: contract rules met before sending, and matching on the valid fields', () => {
	const match = (settings: Partial<WorkflowNode> = {}) => node('Match Prospects', 'matchProspects', {}, settings);
	const matchable = () => sandbox.universe.prospects.filter((prospect) => prospect.matchable);

	test('an NFD name is sent in NFC, a profile URL without a scheme with https://, an international e-mail as is', async () => {
		const [a] = matchable();
		const nfd = 'Jose\u0301 Garci\u0301a';
		const result = await run(
			[
				{ full_name: nfd, company_name: 'Acme' },
				{ profnet: a.profnet.replace(/^https:\/\//, '') },
				{ email: 'jörg@bücher.de' },
			],
			match(),
		);
		expect(result.error).toBeUndefined();
		expect(bodies('/v1/prospects/match')).toEqual([
			{
				prospects_to_match: [
					{ full_name: 'José García', company_name: 'Acme' },
					{ profnet: a.profnet },
					{ email: 'jörg@bücher.de' },
				],
			},
		]);
		expect(result.json('Match Prospects')[1]).toMatchObject({ prospect_id: a.prospect_id, matched: true });
	});

	test('a bad field is left out with a warning when another can match; with none left the item fails', async () => {
		const [a, b] = matchable();
		const result = await run(
			[
				{ email: 'jane@', phone_number: a.phone_number },
				{ email: b.email, business_id: 'acme inc' },
				{ profnet: 'javascript:alert(1)' },
			],
			match(continueOnFail),
		);
		expect(result.error).toBeUndefined();
		expect(bodies('/v1/prospects/match')).toEqual([
			{ prospects_to_match: [{ phone_number: a.phone_number }, { email: b.email }] },
		]);
		const [first, second, third] = result.json('Match Prospects');
		expect(first).toMatchObject({
			prospect_id: a.prospect_id,
			warnings: ['email not sent, matched on the other fields: email must be an email address'],
		});
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
	});
});

describe('Enrich: ids checked before sending', () => {
	test('a business id that is not in the contract format, and an id that is not text, are item errors', async () => {
		const [a] = businessIds(1);
		const result = await run(
			[{ business_id: 'acme' }, { business_id: a }, { business_id: { id: a } }],
			node('Enrich', 'enrich', { resource: 'business', businessEnrichments: ['fundingAndAcquisitions'] }, continueOnFail),
		);
		expect(result.error).toBeUndefined();
		expect(bodies('/v1/businesses/funding_and_acquisition/bulk_enrich')).toEqual([{ business_ids: [a] }]);
		const output = result.json('Enrich');
		expect(output[0].error).toBe('Item 0: business_id "acme" is not a business ID: must be 32 lowercase hexadecimal characters');
		expect(output[2].error).toBe('Item 2: business_id must be text, got an object');
		expect(output).toHaveLength(3);
	});

	test('Enrichment Parameters reach the service as the JSON written (objects without a prototype)', async () => {
		const [a] = businessIds(1);
		await run(
			[{ business_id: a }],
			node('Enrich', 'enrich', {
				resource: 'business',
				businessEnrichments: ['fundingAndAcquisitions'],
				options: { parameters: '{"since": "2024-01-01", "filter": {"kinds": ["seed"]}}' },
			}),
		);
		expect(bodies('/v1/businesses/funding_and_acquisition/bulk_enrich')).toEqual([
			{ business_ids: [a], parameters: { since: '2024-01-01', filter: { kinds: ['seed'] } } },
		]);
	});
});
