/**
 * Get Usage's cases on one API version: getUsage.test.ts runs them on v2, getUsage.v1.test.ts on v1
 * (retiring v1 deletes that file). What differs by version is the argument.
 */
import { DateTime } from 'luxon';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type ApiVersion, LIMITS } from '../../../nodes/shared/api';
import { itemsNode, linearWorkflow, manualTriggerNode, onItems, packageNode, runWorkflow, type WorkflowNode } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';
import { checkCreditsNode, credentialsOn, sandbox } from './setup';

const NOTHING_SENT = 'Nothing was sent to the service for this item.';
/** the sandbox's clock in the tests that enrich: the debits are dated then */
const ENRICHED_AT = new Date('2026-12-02T10:30:00Z');

const usageNode = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}) =>
	checkCreditsNode({ operation: 'getUsage', ...parameters }, settings);
const bodies = () => sandbox.requests.map((request) => [request.method, request.path, request.body]);
const paired = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((entry) => entry.item));
const withoutWire = ({ from_date, to_date, mode, resolution, timezone }: IDataObject) => ({ from_date, to_date, mode, resolution, timezone });

/** `endpoint`: the path of a firmographics enrichment on that version, as the usage by endpoint names it. */
export function getUsageCases(api: ApiVersion, { endpoint }: { endpoint: string }): void {
	const path = `/${api}/credits/aggregation`;
	const credentials = () => credentialsOn(api);

	afterEach(() => sandbox.configure({ now: undefined }));

	/** Enriches the first three businesses (3 credits) at ENRICHED_AT, then runs Check Credits on the Enrich node's items. */
	async function afterEnrichment(parameters: INodeParameters) {
		sandbox.configure({ now: () => ENRICHED_AT });
		const rows = sandbox.universe.businesses.slice(0, 3).map(({ business_id }) => ({ business_id }));
		const enrich = packageNode('enrich', 'Enrich', { resource: 'business', businessEnrichments: ['firmographics'] }, {
			typeVersion: typeVersionFor('enrich', api),
		});
		const result = await runWorkflow(linearWorkflow([manualTriggerNode(), itemsNode(rows), enrich, usageNode(parameters)]), { credentials: credentials() });
		expect(result.error).toBeUndefined();
		return result;
	}

	test('by day in UTC: the period sent as UTC datetimes, three items sharing one request, the 3 credits on their day', async () => {
		const result = await afterEnrichment({ fromDate: '2026-12-01', toDate: '2026-12-03', timezone: 'UTC' });
		const body = { from_date: '2026-12-01T00:00:00Z', to_date: '2026-12-03T00:00:00Z', mode: 'timely', resolution: 'day', timezone: 'UTC' };
		expect(bodies().slice(1)).toEqual([['POST', path, body]]);
		const usage = { ...body, total_credits: 3, aggregations: [{ date: '2026-12-02', credits: 3 }] };
		expect(result.json('Check Credits')).toEqual([usage, usage, usage]);
		expect(paired(result.pairedItems('Check Credits'))).toEqual([[0], [1], [2]]);
	});

	test('by hour in New York: wall-clock dates read in that zone, the hour of the debits in it', async () => {
		const result = await afterEnrichment({ fromDate: '2026-12-02T00:00:00', toDate: '2026-12-03T00:00:00', resolution: 'hour', timezone: 'America/New_York' });
		const body = { from_date: '2026-12-02T05:00:00Z', to_date: '2026-12-03T05:00:00Z', mode: 'timely', resolution: 'hour', timezone: 'America/New_York' };
		expect(bodies().slice(1)).toEqual([['POST', path, body]]);
		expect(result.json('Check Credits')[0]).toEqual({ ...body, total_credits: 3, aggregations: [{ date: '2026-12-02', hour: '05:00', credits: 3 }] });
	});

	test('by endpoint: no resolution sent; the enrichment endpoint with its 3 credits', async () => {
		const result = await afterEnrichment({ fromDate: '2026-11-01T00:00:00Z', toDate: '2026-12-31T00:00:00Z', mode: 'endpoints', timezone: 'UTC' });
		const body = { from_date: '2026-11-01T00:00:00Z', to_date: '2026-12-31T00:00:00Z', mode: 'endpoints', timezone: 'UTC' };
		expect(bodies().slice(1)).toEqual([['POST', path, body]]);
		expect(result.json('Check Credits')[0]).toEqual({ ...body, resolution: null, total_credits: 3, aggregations: [{ endpoint, credits: 3 }] });
	});

	test('empty dates: the credits used a moment before, in the same second, are in the period', async () => {
		// the debit dated at the end of the current second: a To Date cut down to the second would leave it out
		sandbox.configure({ now: () => new Date(Math.floor(Date.now() / 1000) * 1000 + 999) });
		const rows = sandbox.universe.businesses.slice(0, 2).map(({ business_id }) => ({ business_id }));
		const enrich = packageNode('enrich', 'Enrich', { resource: 'business', businessEnrichments: ['firmographics'] }, {
			typeVersion: typeVersionFor('enrich', api),
		});
		const workflow = linearWorkflow([manualTriggerNode(), itemsNode(rows), enrich, usageNode({ mode: 'endpoints' })]);
		// twice: the first run warms n8n up, the second runs Enrich and Check Credits within milliseconds
		await runWorkflow(workflow, { credentials: credentials() });
		const result = await runWorkflow(workflow, { credentials: credentials() });
		expect(result.error).toBeUndefined();
		expect(result.json('Check Credits').map((json) => json.total_credits)).toEqual([4, 4]);
	});

	test("empty dates and zone: the last 30 days up to the run's start, in the workflow's time zone", async () => {
		const before = Date.now();
		const result = await runWorkflow({ ...onItems([{}], usageNode()), settings: { timezone: 'Europe/Berlin' } }, { credentials: credentials() });
		const after = Date.now();
		expect(result.error).toBeUndefined();
		const body = sandbox.requests[0].body as IDataObject;
		expect(Object.keys(body)).toEqual(['from_date', 'to_date', 'mode', 'resolution', 'timezone']);
		expect([body.mode, body.resolution, body.timezone]).toEqual(['timely', 'day', 'Europe/Berlin']);
		const [from, to] = [Date.parse(body.from_date as string), Date.parse(body.to_date as string)];
		// the run's start, rounded up to the next whole second
		expect(to).toBeGreaterThan(before);
		expect(to).toBeLessThanOrEqual(Math.floor(after / 1000) * 1000 + 1000);
		// 30 calendar days in the zone: the same wall-clock time, whether or not the clocks changed
		expect(from).toBe(DateTime.fromMillis(to, { zone: 'Europe/Berlin' }).minus({ days: 30 }).toMillis());
		expect(body.to_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
		expect(withoutWire(result.json('Check Credits')[0])).toEqual(withoutWire(body));
	});

	test('empty From Date, To Date after the clocks changed: 30 calendar days back in the zone, not 30 times 24 hours', async () => {
		// Berlin left summer time on 2025-10-26: 2025-10-16 12:00 is 10:00Z, 2025-11-15 12:00 is 11:00Z
		const result = await runWorkflow(onItems([{}], usageNode({ toDate: '2025-11-15T12:00:00', timezone: 'Europe/Berlin' })), { credentials: credentials() });
		expect(result.error).toBeUndefined();
		const body = { from_date: '2025-10-16T10:00:00Z', to_date: '2025-11-15T11:00:00Z', mode: 'timely', resolution: 'day', timezone: 'Europe/Berlin' };
		expect(bodies()).toEqual([['POST', path, body]]);
	});

	test(`empty From Date by hour: ${LIMITS.creditsAggregationDays.hour} days back, the longest period by hour, not 30`, async () => {
		const result = await runWorkflow(onItems([{}], usageNode({ toDate: '2026-12-02T06:00:00Z', resolution: 'hour', timezone: 'UTC' })), { credentials: credentials() });
		expect(result.error).toBeUndefined();
		const body = { from_date: '2026-11-25T06:00:00Z', to_date: '2026-12-02T06:00:00Z', mode: 'timely', resolution: 'hour', timezone: 'UTC' };
		expect(bodies()).toEqual([['POST', path, body]]);
		expect(result.json('Check Credits')).toEqual([{ ...body, total_credits: 0, aggregations: [] }]);
	});

	test('a week by hour across a clock change (169 hours in Berlin) is a week: sent, and answered', async () => {
		const result = await runWorkflow(
			onItems([{}], usageNode({ fromDate: '2025-10-20', toDate: '2025-10-27', resolution: 'hour', timezone: 'Europe/Berlin' })),
			{ credentials: credentials() },
		);
		expect(result.error).toBeUndefined();
		const body = { from_date: '2025-10-19T22:00:00Z', to_date: '2025-10-26T23:00:00Z', mode: 'timely', resolution: 'hour', timezone: 'Europe/Berlin' };
		expect(bodies()).toEqual([['POST', path, body]]);
		expect(result.json('Check Credits')).toEqual([{ ...body, total_credits: 0, aggregations: [] }]);
	});

	test('bad periods are refused before any request, naming the item, the field and the rule', async () => {
		const cases: Array<[INodeParameters, string]> = [
			[{ fromDate: '2026-12-03', toDate: '2026-12-01', timezone: 'UTC' }, 'Item 0: To Date must be after From Date, got From Date 2026-12-03T00:00:00Z and To Date 2026-12-01T00:00:00Z'],
			[
				{ fromDate: '2026-12-01', toDate: '2026-12-09', resolution: 'hour', timezone: 'UTC' },
				`Item 0: the period from From Date to To Date must be at most ${LIMITS.creditsAggregationDays.hour} days by hour, got 8 days`,
			],
			[
				{ fromDate: '2026-01-01', toDate: '2026-03-15', timezone: 'UTC' },
				`Item 0: the period from From Date to To Date must be at most ${LIMITS.creditsAggregationDays.day} days by day, got 73 days`,
			],
			[{ timezone: 'Mars/Olympus' }, 'Item 0: Timezone must be an IANA time zone such as UTC or America/New_York, got "Mars/Olympus"'],
			[{ fromDate: 'yesterday', timezone: 'UTC' }, 'Item 0: From Date must be a date such as 2025-01-31 or a datetime such as 2025-01-31T09:00:00Z, got "yesterday"'],
			// an invalid Luxon DateTime from an expression is a bad date, not an empty one
			[{ fromDate: "={{ DateTime.fromISO('nonsense') }}", timezone: 'UTC' }, 'Item 0: From Date is not a valid date'],
			[{ toDate: "={{ DateTime.fromISO('2025-02-30') }}", timezone: 'UTC' }, 'Item 0: To Date is not a valid date'],
			// just over the limit reads as over it, never as the limit itself
			[
				{ fromDate: '2025-10-20', toDate: '2025-10-27T01:00:00', resolution: 'hour', timezone: 'Europe/Berlin' },
				`Item 0: the period from From Date to To Date must be at most ${LIMITS.creditsAggregationDays.hour} days by hour, got 7 days and 1 hour`,
			],
			[
				{ fromDate: '2026-12-01T00:00:00Z', toDate: '2026-12-08T00:00:01Z', resolution: 'hour', timezone: 'UTC' },
				`Item 0: the period from From Date to To Date must be at most ${LIMITS.creditsAggregationDays.hour} days by hour, got 7 days and 1 second`,
			],
		];
		for (const [parameters, message] of cases) {
			const result = await runWorkflow(onItems([{}], usageNode(parameters)), { credentials: credentials() });
			expect([result.error?.message, result.error?.description]).toEqual([message, expect.stringContaining(NOTHING_SENT)]);
		}
		expect(sandbox.requests).toEqual([]);
	});

	test('Continue on Fail: the bad item gets its error, the other two share one request, all paired in order', async () => {
		const items = [{ from: '2026-12-01' }, { from: '2026-12-05' }, { from: '2026-12-01' }];
		const result = await runWorkflow(
			onItems(items, usageNode({ fromDate: '={{ $json.from }}', toDate: '2026-12-04', timezone: 'UTC' }, { onError: 'continueRegularOutput' })),
			{ credentials: credentials() },
		);
		expect(result.error).toBeUndefined();
		const body = { from_date: '2026-12-01T00:00:00Z', to_date: '2026-12-04T00:00:00Z', mode: 'timely', resolution: 'day', timezone: 'UTC' };
		expect(bodies()).toEqual([['POST', path, body]]);
		const usage = { ...body, total_credits: 0, aggregations: [] };
		expect(result.json('Check Credits')).toEqual([
			usage,
			{ error: 'Item 1: To Date must be after From Date, got From Date 2026-12-05T00:00:00Z and To Date 2026-12-04T00:00:00Z', details: NOTHING_SENT },
			usage,
		]);
		expect(paired(result.pairedItems('Check Credits'))).toEqual([[0], [1], [2]]);
	});
}
