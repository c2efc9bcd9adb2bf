/**
 * Get Events' output builders on engine outcomes whose results are shared references (the
 * engine no longer copies them): one copy per emitted item, and no quadratic work when many
 * items ask for the same businesses.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { buildOutput } from '../../nodes/GetEvents/helpers/output';
import type { ItemOutcome } from '../../nodes/shared/batching/engine';
import { TEST_NODE } from './support/fakeContext';

const ctx = (items: number) =>
	({
		getNode: () => TEST_NODE,
		getInputData: () => Array.from({ length: items }, (_, i) => ({ json: { i } })),
		continueOnFail: () => false,
	}) as unknown as IExecuteFunctions;

const prepared = { requests: [], errors: new Map() };

/** `items` items asking for the same `businesses` businesses with `perBusiness` events each: the SAME objects for every item. */
function sharedOutcomes(items: number, businesses: number, perBusiness: number): Array<ItemOutcome<string>> {
	const results = Array.from({ length: businesses }, (_, b) => ({
		entry: `b${b}`,
		matches: Array.from({ length: perBusiness }, (_, e): IDataObject => ({
			event_id: `e-${b}-${e}`,
			business_id: `b${b}`,
			event_time: new Date(Date.UTC(2025, 5, 1, 0, b, e)).toISOString(),
			data: { amount: b * 10 + e },
		})),
	}));
	return Array.from({ length: items }, (_, itemIndex) => ({ itemIndex, ok: true, results }));
}

describe('Get Events output with shared engine results', () => {
	it('One Item per Event: each event once, paired to every item in order, as its own copy', () => {
		const outcomes = sharedOutcomes(3, 2, 2);
		const output = buildOutput(ctx(3), 'event', prepared, outcomes);
		expect(output.map((item) => item.json.event_id)).toEqual(['e-0-0', 'e-0-1', 'e-1-0', 'e-1-1']);
		expect(output.map((item) => item.pairedItem)).toEqual(Array(4).fill([{ item: 0 }, { item: 1 }, { item: 2 }]));
		const source = outcomes[0].ok ? outcomes[0].results[0].matches[0] : undefined;
		expect(output[0].json).toEqual(source);
		expect(output[0].json).not.toBe(source);
		expect(output[0].json.data).not.toBe(source?.data);
	});

	it('One Item per Input Item: items sharing businesses get their own copies of the events', () => {
		const output = buildOutput(ctx(2), 'inputItem', prepared, sharedOutcomes(2, 1, 2));
		const [first, second] = output.map((item) => item.json.events as IDataObject[]);
		expect(first).toEqual(second);
		expect(first[0]).not.toBe(second[0]);
		expect(first[0].data).not.toBe(second[0].data);
		(first[0].data as IDataObject).amount = -1;
		expect((second[0].data as IDataObject).amount).toBe(0);
	});

	it('events without an id are the same event when business, type and time are (the trigger\'s rule)', () => {
		const event = (data: number): IDataObject => ({ business_id: 'b1', event_name: 'new_product', event_time: '2025-06-01T00:00:00Z', data });
		const outcomes: Array<ItemOutcome<string>> = [
			{ itemIndex: 0, ok: true, results: [{ entry: 'b1', matches: [event(1)] }] },
			{ itemIndex: 1, ok: true, results: [{ entry: 'b1', matches: [event(2)] }] },
		];
		const output = buildOutput(ctx(2), 'event', prepared, outcomes);
		expect(output).toEqual([{ json: event(1), pairedItem: [{ item: 0 }, { item: 1 }] }]);
	});

	it('10,000 items sharing 40 businesses with 5 events each: 200 events, each paired to every item once', () => {
		// (the pairing is appended per item in input order, not searched: the old includes() made
		// this quadratic; counts are asserted here, timings belong to the benchmark)
		const outcomes = sharedOutcomes(10_000, 40, 5);
		const output = buildOutput(ctx(10_000), 'event', prepared, outcomes);
		expect(output).toHaveLength(200);
		for (const item of output) {
			const pairs = (item.pairedItem as Array<{ item: number }>).map((pair) => pair.item);
			expect(pairs).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
		}
	});
});
