/**
 * Match Businesses on API v1 (version 1 at Per Node Version) through n8n-core's WorkflowExecute
 * against the sandbox: the accounts -> Match Businesses -> Get Events chain
 * (matchBusinesses.cases.ts) on v1 and the same output on both versions; what is sent for each
 * field, Continue on Fail with invalid rows and with a failing service, and a bad domain left out
 * with a warning, on v1's path. Request counts and batch sizes are read from the sandbox's request
 * log. Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import type { IDataObject } from 'n8n-workflow';

import { LIMITS } from '../../nodes/shared/api';
import { RETRY_POLICY } from '../../nodes/shared/transport/retryPolicy';
import { businessProfileUrl } from '../sandbox/universe/businessMatch';
import { typeVersionFor } from './harness/apiVersions';
import {
	accountsChainCases,
	bodies,
	chainOn,
	MATCH_PATH,
	matchNode as matchNodeAt,
	pairedIndexes,
	range,
	requestsTo,
	run,
	sandbox,
	setUpSandbox,
} from './matchBusinesses.cases';
import { accountTable } from './matchBusinessesAccounts';

setUpSandbox();

/** Match Businesses at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases */
const matchNode: typeof matchNodeAt = (parameters, settings = {}) => matchNodeAt(parameters, { typeVersion: typeVersionFor('matchBusinesses', 'v1'), ...settings });

const sentBusinesses = () => bodies(MATCH_PATH).map((body) => body.businesses_to_match as IDataObject[]);

describe('accounts -> Match Businesses -> Get Events with default parameters, API v1', () => accountsChainCases('v1'));

test('API v1 and v2 give the same output, item for item, with the same pairing', async () => {
	const { rows } = accountTable(sandbox.universe, 120);
	const [v1, v2] = [await run(rows, ...chainOn('v1')), await run(rows, ...chainOn('v2'))];
	expect([v1.error, v2.error]).toEqual([undefined, undefined]);
	for (const node of ['Match Businesses', 'Get Events']) {
		expect(v2.json(node)).toEqual(v1.json(node));
		expect(v2.pairedItems(node)).toEqual(v1.pairedItems(node));
	}
});

describe('Match Businesses', () => {
	const business = (n: number) => sandbox.universe.businesses[n];

	test('reads each field from the item, cleans and omits empty ones, keeps the row', async () => {
		const [a, b, c] = [business(10), business(11), business(12)];
		const rows = [
			{ id: 'r1', name: `  ${a.name} `, domain: '', url: null, note: 'keep me' },
			{ id: 'r2', domain: `HTTPS://WWW.${b.domain.toUpperCase()}/contact`, business_id: 'stale' },
			{ id: 'r3', url: `www.${c.domain}`, profnet_url: businessProfileUrl(c).replace('https://', '') },
		];
		const result = await run(rows, matchNode());

		expect(bodies(MATCH_PATH)).toEqual([
			{
				businesses_to_match: [
					{ name: a.name },
					{ domain: b.domain },
					{ url: `https://www.${c.domain}`, profnet_url: businessProfileUrl(c) },
				],
			},
		]);
		expect(result.json('Match Businesses')).toEqual([
			{ ...rows[0], business_id: a.business_id, matched: true, match_input: { name: a.name } },
			{ ...rows[1], business_id: b.business_id, matched: true, match_input: { domain: b.domain } },
			{
				...rows[2],
				business_id: c.business_id,
				matched: true,
				match_input: { url: `https://www.${c.domain}`, profnet_url: businessProfileUrl(c) },
			},
		]);
	});

	test('fields mapped with expressions from other columns (a CRM "Website" column)', async () => {
		const a = business(20);
		const result = await run(
			[{ 'Account Name': a.name, Website: a.website, url: 'https://ignored.example' }],
			matchNode({ companyName: '={{ $json["Account Name"] }}', website: '={{ $json.Website }}' }),
		);
		expect(bodies(MATCH_PATH)).toEqual([{ businesses_to_match: [{ name: a.name, url: a.website }] }]);
		expect(result.json('Match Businesses')[0].business_id).toBe(a.business_id);
	});

	const invalidRows = () => {
		const rows: IDataObject[] = range(53).map((i) => ({ domain: business(i).domain }));
		rows[4] = { crm_id: 'no company fields' };
		rows[17] = { domain: 'not a domain' };
		rows[30] = { name: 'x'.repeat(LIMITS.companyNameLength + 1), url: 'ftp://acme.example' };
		return rows;
	};

	test('Continue on Fail: invalid rows become paired error items, the 50 valid rows go in one request', async () => {
		const rows = invalidRows();
		const result = await run(rows, matchNode({}, { onError: 'continueRegularOutput' }));

		expect(result.error).toBeUndefined();
		expect(sentBusinesses().map((batch) => batch.length)).toEqual([50]);
		const output = result.json('Match Businesses');
		expect(output).toHaveLength(53);
		expect(pairedIndexes(result.pairedItems('Match Businesses'))).toEqual(range(53).map((i) => [i]));
		expect(output[4]).toEqual({
			error: 'Item 4: nothing to match on: name, domain, url and profnet_url are all empty (needs at least one of them)',
			details:
				"Map the company's name, domain, website or profile URL, or give the input item fields of these names. Nothing was sent to the service for this item.",
		});
		expect(output[17]).toEqual({
			error: 'Item 17: domain must be a domain name such as example.com',
			details: 'Nothing was sent to the service for this item.',
		});
		expect(output[30].error).toBe(
			'Item 30: name must be at most 256 characters; url must be a web address (http or https) such as https://www.example.com',
		);
		for (const i of range(53).filter((i) => ![4, 17, 30].includes(i))) {
			expect(output[i]).toMatchObject({ domain: business(i).domain, business_id: business(i).business_id, matched: true });
		}
	});

	test('a bad domain next to a name is left out with a warning; the name matches', async () => {
		const a = business(40);
		const result = await run([{ name: a.name, domain: 'intranet' }], matchNode());
		expect(bodies(MATCH_PATH)).toEqual([{ businesses_to_match: [{ name: a.name }] }]);
		expect(result.json('Match Businesses')).toEqual([
			{
				name: a.name,
				domain: 'intranet',
				business_id: a.business_id,
				matched: true,
				match_input: { name: a.name },
				warnings: ['domain not sent, matched on the other fields: domain must be a domain name such as example.com'],
			},
		]);
	});

	test('Continue on Fail: a request the service keeps failing gives paired error items, the rest go through', async () => {
		const rows = range(60).map((i) => ({ domain: business(i).domain }));
		// the first request (rows 0-49) fails on every attempt; the second (50-59) succeeds
		sandbox.configure({ faults: { sequence: Array(RETRY_POLICY.maxAttempts).fill('503') } });
		const result = await run(rows, matchNode({ options: { concurrency: 1 } }, { onError: 'continueRegularOutput' }));

		expect(result.error).toBeUndefined();
		expect(requestsTo(MATCH_PATH).map((request) => request.status)).toEqual([...Array(RETRY_POLICY.maxAttempts).fill(503), 200]);
		const output = result.json('Match Businesses');
		expect(output).toHaveLength(60);
		expect(pairedIndexes(result.pairedItems('Match Businesses'))).toEqual(range(60).map((i) => [i]));
		for (const item of output.slice(0, 50)) expect(String(item.error)).toContain('(503)');
		output.slice(50).forEach((item, i) => expect(item.business_id).toBe(business(50 + i).business_id));
	});
});
