/**
 * Match Businesses runs through n8n-core's WorkflowExecute against the sandbox: the accounts ->
 * Match Businesses -> Get Events chain with default parameters on API v2 (matchBusinesses.cases.ts;
 * 120 accounts, duplicates and unknown companies, batch sizes, order and pairing), Include Input
 * Fields off, validation named per item and field before any request, and a single item in one
 * request. v1's cases: matchBusinesses.v1.test.ts. Request counts are read from the sandbox's
 * request log.
 */
import type { IDataObject } from 'n8n-workflow';

import { LIMITS } from '../../nodes/shared/api';
import { accountsChainCases, matchBusinessesCases, matchNode, range, run, sandbox, setUpSandbox } from './matchBusinesses.cases';

setUpSandbox();

describe('accounts -> Match Businesses -> Get Events with default parameters, API v2', () => accountsChainCases('v2'));

describe('Match Businesses', () => {
	const business = (n: number) => sandbox.universe.businesses[n];

	test('Include Input Fields off: the result alone; a miss has business_id null', async () => {
		const result = await run([{ name: 'Nobody Ventures', account_id: 7 }], matchNode({ options: { includeInputFields: false } }));
		expect(result.json('Match Businesses')).toEqual([{ business_id: null, matched: false, match_input: { name: 'Nobody Ventures' } }]);
	});

	const invalidRows = () => {
		const rows: IDataObject[] = range(53).map((i) => ({ domain: business(i).domain }));
		rows[4] = { crm_id: 'no company fields' };
		rows[17] = { domain: 'not a domain' };
		rows[30] = { name: 'x'.repeat(LIMITS.companyNameLength + 1), url: 'ftp://acme.example' };
		return rows;
	};

	test('invalid rows stop the run before any request, naming the row and the fields', async () => {
		const rows = invalidRows();
		const result = await run(rows, matchNode());
		expect(sandbox.requests).toHaveLength(0);
		expect(result.error).toMatchObject({
			node: 'Match Businesses',
			itemIndex: 4,
			message: 'Item 4: nothing to match on: name, domain, url and profnet_url are all empty (needs at least one of them)',
		});
		for (const [row, message] of [
			[17, 'Item 17: domain must be a domain name such as example.com'],
			[30, 'Item 30: name must be at most 256 characters; url must be a web address (http or https) such as https://www.example.com'],
		] as const) {
			const only = await run([rows[row]], matchNode());
			expect(only.error?.message).toBe(message.replace(`Item ${row}`, 'Item 0'));
		}
		expect(sandbox.requests).toHaveLength(0);
	});

	test('a single item (as a tool call sends it) costs one request', async () => {
		const a = business(7);
		const result = await run([{ url: a.website }], matchNode());
		expect(sandbox.requests).toHaveLength(1);
		expect(result.json('Match Businesses')[0]).toMatchObject({ business_id: a.business_id, matched: true });
	});
});

describe('Match Businesses, API v2', () => matchBusinessesCases('v2'));
