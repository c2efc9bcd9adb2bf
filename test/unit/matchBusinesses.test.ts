/**
 * Match Businesses: how a parameter value becomes a field of the match object, which fields are
 * left out with a warning and which items fail (named by item and field), the output item, and
 * the sandbox's business match over HTTP (order, echo, each identifier, misses, 422 per item).
 * The node itself runs in test/engine/matchBusinesses.test.ts and test/e2e/matchBusinesses.test.ts.
 */
import { ItemValidationError, NOTHING_SENT } from '../../nodes/shared/batching/validate';
import { businessMatchItemSchema, LIMITS } from '../../nodes/shared/api';
import {
	buildMatchEntry,
	cleanDomain,
	cleanFieldValue,
	MATCH_FIELDS,
	NOTHING_TO_MATCH,
	readMatchEntry,
} from '../../nodes/MatchBusinesses/helpers/fields';
import { readsOwnField } from '../../nodes/shared/parameters';
import { MatchBusinesses } from '../../nodes/MatchBusinesses/MatchBusinesses.node';
import { matchOutput } from '../../nodes/MatchBusinesses/helpers/output';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { matchBusiness, nameKey } from '../sandbox/universe/businessMatch';
import { TEST_NODE } from './support/fakeContext';

describe('Match Businesses: field values', () => {
	it.each([undefined, null, '', '   ', '\t\n'])('omits %p (never sent as "")', (value) => {
		for (const field of MATCH_FIELDS) expect(cleanFieldValue(field, value)).toBeUndefined();
	});

	it('trims names, keeps them as typed (NFC), and turns numbers into text', () => {
		expect(cleanFieldValue('name', '  Acme Corp. ')).toBe('Acme Corp.');
		expect(cleanFieldValue('name', 'Cafe\u0301 Nova')).toBe('Café Nova');
		expect(cleanFieldValue('name', 3)).toBe('3');
	});

	it.each([
		['acme.com', 'acme.com'],
		['  ACME.com ', 'acme.com'],
		['www.acme.com', 'acme.com'],
		['https://www.Acme.com/about?x=1', 'acme.com'],
		['http://shop.acme.co.uk:8080/', 'shop.acme.co.uk'],
		['acme.com/contact', 'acme.com'],
		['acme.com.', 'acme.com'],
		['jane.doe@Acme.com', 'acme.com'],
		['not a domain', 'not a domain'],
	])('sends the domain of %p as %p', (value, sent) => {
		expect(cleanFieldValue('domain', value)).toBe(sent);
		expect(cleanDomain(value.trim())).toBe(sent);
	});

	it('gives a website or profile URL without a scheme https://', () => {
		expect(cleanFieldValue('url', 'www.acme.com')).toBe('https://www.acme.com');
		expect(cleanFieldValue('profnet_url', 'profnet.example/company/acme')).toBe('https://profnet.example/company/acme');
		expect(cleanFieldValue('url', 'http://acme.com')).toBe('http://acme.com');
	});

	it('leaves other types for validation to name', () => {
		expect(cleanFieldValue('name', { first: 'Acme' })).toEqual({ first: 'Acme' });
		expect(cleanFieldValue('domain', true)).toBe(true);
	});

	it('builds the match object from the fields that hold a value, in the reference order', () => {
		const row: Record<string, unknown> = { profnet_url: '', url: 'acme.com', name: 'Acme', domain: null };
		const entry = buildMatchEntry((field) => row[field]);
		expect(entry).toEqual({ name: 'Acme', url: 'https://acme.com' });
		expect(Object.keys(entry)).toEqual(['name', 'url']);
	});

	it('every parameter defaults to the input item field of the same name', () => {
		const properties = new MatchBusinesses().description.properties;
		const defaults = properties.filter((p) => p.type === 'string' && !p.displayOptions?.show?.['@tool']).map((p) => p.default);
		expect(defaults).toEqual(['={{ $json.name ?? "" }}', '={{ $json.domain ?? "" }}', '={{ $json.url ?? "" }}', '={{ $json.profnet_url ?? "" }}']);
		expect(defaults).toEqual(MATCH_FIELDS.map(readsOwnField));
	});

	it('tells AI agents what goes in and what comes out', () => {
		expect(new MatchBusinesses().description.description).toBe(
			'Find the business ID of each company from its name, domain, website or profile URL; adds business_id, null when there is no match',
		);
	});
});

describe('Match Businesses: what is sent, left out, or refused', () => {
	const read = (row: Record<string, unknown>, itemIndex = 4) =>
		readMatchEntry(TEST_NODE, buildMatchEntry((field) => row[field]), itemIndex);
	const refusal = (row: Record<string, unknown>, itemIndex = 4) => {
		try {
			read(row, itemIndex);
		} catch (error) {
			return { type: (error as Error).constructor.name, message: (error as Error).message, description: (error as ItemValidationError).description };
		}
		throw new Error('not refused');
	};

	it('sends a valid item as it is, without warnings', () => {
		expect(read({ name: 'Acme', domain: 'acme.com', url: 'https://www.acme.com', profnet_url: 'https://x.example/company/acme' })).toEqual({
			entry: { name: 'Acme', domain: 'acme.com', url: 'https://www.acme.com', profnet_url: 'https://x.example/company/acme' },
			warnings: [],
		});
	});

	it('refuses an item with none of the fields, naming the item and the fields', () => {
		expect(refusal({}, 7)).toEqual({
			type: ItemValidationError.name,
			message: `Item 7: ${NOTHING_TO_MATCH}`,
			description: `Map the company's name, domain, website or profile URL, or give the input item fields of these names. ${NOTHING_SENT}`,
		});
		expect(NOTHING_TO_MATCH).toBe('nothing to match on: name, domain, url and profnet_url are all empty (needs at least one of them)');
		expect(refusal({ name: '  ', domain: null, url: '' }, 0).message).toBe(`Item 0: ${NOTHING_TO_MATCH}`);
	});

	it.each([
		[{ domain: 'not a domain' }, 'Item 4: domain must be a domain name such as example.com'],
		[{ url: 'ftp://acme.com' }, 'Item 4: url must be a web address (http or https) such as https://www.example.com'],
		[{ name: 'x'.repeat(257) }, `Item 4: name must be at most ${LIMITS.companyNameLength} characters`],
		[
			{ domain: 'localhost', profnet_url: 'javascript:alert(1)' },
			'Item 4: domain must be a domain name such as example.com; profnet_url must be a profile URL: a web address (http or https) such as https://www.example.com/company/acme',
		],
		[{ name: ['Acme'] }, 'Item 4: name must be a string, got array'],
	])('refuses %j when no field is left: %s', (row, message) => {
		expect(refusal(row)).toMatchObject({ type: ItemValidationError.name, message, description: NOTHING_SENT });
	});

	it('leaves out a field that breaks a rule when another one can match, and says so', () => {
		expect(read({ name: 'Acme', domain: 'acme' })).toEqual({
			entry: { name: 'Acme' },
			warnings: ['domain not sent, matched on the other fields: domain must be a domain name such as example.com'],
		});
		expect(read({ name: 'y'.repeat(300), url: 'not a url', domain: 'acme.com' })).toEqual({
			entry: { domain: 'acme.com' },
			warnings: [
				`name and url not sent, matched on the other fields: name must be at most ${LIMITS.companyNameLength} characters; url must be a web address (http or https) such as https://www.example.com`,
			],
		});
	});

	it('accepts international and punycode domains, refuses labels with other signs', () => {
		for (const domain of ['münchen.de', 'xn--mnchen-3ya.de', 'a-b.example', 'shop.acme.co.uk']) {
			expect([domain, businessMatchItemSchema.safeParse({ domain }).success]).toEqual([domain, true]);
		}
		for (const domain of ['acme', '-acme.com', 'acme_.com', 'acme..com', 'acme.c0m', `${'a'.repeat(64)}.com`]) {
			expect([domain, businessMatchItemSchema.safeParse({ domain }).success]).toEqual([domain, false]);
		}
	});
});

describe('Match Businesses: output item', () => {
	const row = { account: 'A-1', name: 'Acme', business_id: 'stale' };

	it('keeps the row, adds business_id, matched and match_input; drops the echo', () => {
		const result = { input: { name: 'Acme', domain: null, url: null, profnet_url: null }, business_id: 'b'.repeat(32) };
		expect(matchOutput(row, result, { name: 'Acme' }, true)).toEqual({
			account: 'A-1',
			name: 'Acme',
			business_id: 'b'.repeat(32),
			matched: true,
			match_input: { name: 'Acme' },
		});
	});

	it('an unmatched row gets business_id null (replacing a stale one), and per-element errors are kept', () => {
		const result = { input: {}, business_id: null, error: 'lookup failed', error_type: 'internal' };
		expect(matchOutput(row, result, { name: 'Acme' }, true, ['w'])).toEqual({
			account: 'A-1',
			name: 'Acme',
			business_id: null,
			matched: false,
			match_input: { name: 'Acme' },
			error: 'lookup failed',
			error_type: 'internal',
			warnings: ['w'],
		});
		expect(matchOutput(row, { business_id: '' }, {}, false)).toEqual({ business_id: null, matched: false, match_input: {} });
	});
});

describe('sandbox: POST /v1/businesses/match', () => {
	let sandbox: Sandbox;
	let api: ReturnType<typeof sandboxClient>;
	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: false });
		api = sandboxClient(sandbox);
	});
	afterAll(async () => await sandbox.close());

	const business = (n: number) => sandbox.universe.businesses[n];
	const match = (items: unknown[]) => api.call('matchBusinesses', { businesses_to_match: items });

	it('matches names without case, accents, punctuation or legal suffix, every business of the universe', () => {
		const businesses = sandbox.universe.businesses;
		expect(nameKey('Maple Spark Freight Corp.')).toBe(nameKey('maple  spark-freight'));
		expect(nameKey('Nord Bau GmbH')).toBe('nord bau');
		expect(nameKey('Nørd Café B.V.')).toBe('nørd cafe');
		for (const entry of businesses) {
			expect(matchBusiness(businesses, { name: entry.name })).toBe(entry);
			expect(matchBusiness(businesses, { domain: entry.domain })).toBe(entry);
		}
		// a matched business has events for Get Events
		const withEvents = new Set(sandbox.universe.events.map((event) => event.business_id));
		expect(withEvents.has(business(0).business_id) || withEvents.has(business(1).business_id)).toBe(true);
	});

	it.each([
		['no items', [], [['body', 'businesses_to_match']]],
		[
			'too many items',
			Array.from({ length: LIMITS.businessMatchItems + 1 }, (_, n) => ({ name: `Company ${n}` })),
			[['body', 'businesses_to_match']],
		],
		['an item with no field', [{ name: 'Acme' }, {}], [['body', 'businesses_to_match', 1]]],
		['a bad domain', [{ domain: 'acme' }], [['body', 'businesses_to_match', 0, 'domain']]],
		['an unknown key', [{ name: 'Acme', website: 'x' }], [['body', 'businesses_to_match', 0, 'website']]],
	])('answers 422 for %s, located at the item', async (_, items, locs) => {
		const response = await match(items);
		expect(response.status).toBe(422);
		expect(response.body.detail.map((entry: { loc: unknown }) => entry.loc)).toEqual(locs);
	});
});
