import type { IDataObject } from 'n8n-workflow';

import { runBatched, type ItemRequest } from '../../nodes/shared/batching/engine';
import { chunk, stableKey } from '../../nodes/shared/batching/grouping';
import { LIMITS } from '../../nodes/shared/api';
import { batchingEngineCases } from './batchingEngine.cases';
import { fakeContext, ok, type RecordedCall } from './support/fakeContext';

/** A match service: echoes each element back with a prospect id derived from its email. */
function matchService(call: RecordedCall) {
	const list = call.body.prospects_to_match as IDataObject[];
	return ok({
		matched_prospects: list.map((input) => ({ input, prospect_id: `p-${String(input.email)}` })),
	});
}

/** An enrichment service: one element per requested id, in reverse order (joins must go by id). */
function enrichService(call: RecordedCall) {
	const ids = call.body.prospect_ids as string[];
	return ok({ data: [...ids].reverse().map((id) => ({ prospect_id: id, data: { full_name: `name of ${id}` } })) });
}

const matchRequests = (n: number): Array<ItemRequest<IDataObject>> =>
	Array.from({ length: n }, (_, itemIndex) => ({ itemIndex, entries: [{ email: `c${itemIndex}@example.com` }] }));

const idRequests = (ids: string[]): Array<ItemRequest<string>> =>
	ids.map((id, itemIndex) => ({ itemIndex, entries: [id] }));

describe('chunk and stableKey', () => {
	it('chunks at the limit and keeps order', () => {
		expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
		expect(chunk([], 2)).toEqual([]);
	});

	it('gives equal objects the same key whatever their key order', () => {
		expect(stableKey({ b: 1, a: [2, { d: 1, c: 2 }] })).toBe(stableKey({ a: [2, { c: 2, d: 1 }], b: 1 }));
		expect(stableKey({ a: 1 })).not.toBe(stableKey({ a: '1' }));
		expect(stableKey({ a: 1, b: undefined })).toBe(stableKey({ a: 1 }));
	});
});

describe('runBatched: position join (match, limit 40)', () => {
	it('does not de-duplicate identical match inputs (each row is its own match)', async () => {
		const requests = [0, 1, 2].map((itemIndex) => ({ itemIndex, entries: [{ email: 'same@example.com' }] }));
		const { ctx, calls } = fakeContext(matchService, { items: 3 });
		const outcomes = await runBatched(ctx, 'matchProspects', requests);
		expect(calls).toHaveLength(1);
		expect(calls[0].body.prospects_to_match).toHaveLength(3);
		expect(outcomes.every((o) => o.ok)).toBe(true);
	});

	it('fails clearly when the service answers a different number of results', async () => {
		const { ctx } = fakeContext(() => ok({ matched_prospects: [] }), { items: 2 });
		await expect(runBatched(ctx, 'matchProspects', matchRequests(2))).rejects.toThrow(
			'The service answered 0 results for 2 requested; results cannot be paired with items',
		);
	});
});

describe('runBatched: id join (profile enrichment, limit 50, unique)', () => {
	const limit = LIMITS.prospectEnrichIds;

	it.each([0, 1, limit - 1, limit, limit + 1, 10_000])('%i unique ids cost ceil(n / 50) requests', async (n) => {
		const ids = Array.from({ length: n }, (_, i) => `id-${i}`);
		const { ctx, calls } = fakeContext(enrichService, { items: n });
		const outcomes = await runBatched(ctx, 'enrichProspectProfiles', idRequests(ids));

		expect(calls).toHaveLength(Math.ceil(n / limit));
		for (const call of calls) expect((call.body.prospect_ids as string[]).length).toBeLessThanOrEqual(limit);
		expect(calls.flatMap((call) => call.body.prospect_ids)).toEqual(ids);
		outcomes.forEach((outcome, i) => {
			if (!outcome.ok) throw outcome.error;
			expect(outcome.itemIndex).toBe(i);
			expect(outcome.results).toEqual([{ entry: `id-${i}`, matches: [{ prospect_id: `id-${i}`, data: { full_name: `name of id-${i}` } }] }]);
		});
	});

	it('requests a repeated id once and gives its result to every item that asked', async () => {
		const ids = Array.from({ length: 120 }, (_, i) => `id-${i % 30}`);
		const { ctx, calls } = fakeContext(enrichService, { items: 120 });
		const outcomes = await runBatched(ctx, 'enrichProspectProfiles', idRequests(ids));

		expect(calls).toHaveLength(1);
		expect(calls[0].body.prospect_ids).toEqual(Array.from({ length: 30 }, (_, i) => `id-${i}`));
		outcomes.forEach((outcome, i) => {
			if (!outcome.ok) throw outcome.error;
			expect(outcome.results[0].matches[0].prospect_id).toBe(`id-${i % 30}`);
		});
		// no copies: items that asked for the same id share the very same response object
		const okOutcomes = outcomes as Array<Extract<(typeof outcomes)[number], { ok: true }>>;
		expect(okOutcomes[30].results[0].matches[0]).toBe(okOutcomes[0].results[0].matches[0]);
		expect(okOutcomes[1].results[0].matches[0]).not.toBe(okOutcomes[0].results[0].matches[0]);
	});

	it("returns each item's results in the order of its entries, also when ids are shared with other items", async () => {
		const requests = [
			{ itemIndex: 0, entries: ['c', 'a'] },
			{ itemIndex: 1, entries: ['a', 'b', 'c', 'a'] },
		];
		const { ctx, calls } = fakeContext(enrichService, { items: 2 });
		const outcomes = await runBatched(ctx, 'enrichProspectProfiles', requests);
		expect(calls.map((call) => call.body.prospect_ids)).toEqual([['c', 'a', 'b']]);
		expect(outcomes.map((o) => (o.ok ? o.results.map((r) => r.entry) : []))).toEqual([
			['c', 'a'],
			['a', 'b', 'c', 'a'],
		]);
		expect(outcomes.map((o) => (o.ok ? o.results.map((r) => r.matches[0].prospect_id) : []))).toEqual([
			['c', 'a'],
			['a', 'b', 'c', 'a'],
		]);
	});

	it('sends ids trimmed and de-duplicates them after trimming', async () => {
		const { ctx, calls } = fakeContext(enrichService, { items: 3 });
		const outcomes = await runBatched(ctx, 'enrichProspectProfiles', idRequests([' a', 'a ', 'b']));
		expect(calls.map((call) => call.body.prospect_ids)).toEqual([['a', 'b']]);
		expect(outcomes.map((o) => (o.ok ? o.results[0].matches[0].prospect_id : null))).toEqual(['a', 'a', 'b']);
	});

	it('joins many results per id (posts) and none for an unknown id', async () => {
		const { ctx } = fakeContext(
			() => ok({ data: [{ prospect_id: 'a', data: { n: 1 } }, { prospect_id: 'a', data: { n: 2 } }, { prospect_id: 'a', data: { n: 3 } }] }),
			{ items: 2 },
		);
		const outcomes = await runBatched(ctx, 'enrichProspectPosts', idRequests(['a', 'b']));
		expect(outcomes[0].ok && outcomes[0].results[0].matches.map((m) => (m.data as IDataObject).n)).toEqual([1, 2, 3]);
		expect(outcomes[1].ok && outcomes[1].results[0].matches).toEqual([]);
	});

	it('keeps items with different shared fields in different requests', async () => {
		const requests = [
			{ itemIndex: 0, entries: ['a'], shared: { parameters: { x: 1 } } },
			{ itemIndex: 1, entries: ['b'], shared: { parameters: { x: 2 } } },
			{ itemIndex: 2, entries: ['c'], shared: { parameters: { x: 1 } } },
		];
		const { ctx, calls } = fakeContext(enrichService, { items: 3 });
		await runBatched(ctx, 'enrichProspectProfiles', requests);
		expect(calls.map((call) => call.body)).toEqual([
			{ parameters: { x: 1 }, prospect_ids: ['a', 'c'] },
			{ parameters: { x: 2 }, prospect_ids: ['b'] },
		]);
	});

	it('gathers the ids of one item across chunks (events: 100 ids in one item)', async () => {
		const ids = Array.from({ length: 100 }, (_, i) => `b${i}`);
		const { ctx, calls } = fakeContext(
			(call) =>
				ok({ output_events: (call.body.business_ids as string[]).map((id) => ({ business_id: id, event_id: `e-${id}` })) }),
			{ items: 1 },
		);
		const outcomes = await runBatched(ctx, 'getBusinessEvents', [{ itemIndex: 0, entries: ids, shared: { event_types: ['new_product'] } }], {
		});
		expect(calls.map((call) => (call.body.business_ids as string[]).length)).toEqual([40, 40, 20]);
		expect(outcomes[0].ok && outcomes[0].results.map((r) => r.matches[0].event_id)).toEqual(ids.map((id) => `e-${id}`));
	});
});

describe('runBatched: concurrency and failures', () => {
	const rejectPosition3 = (call: RecordedCall) => {
		const ids = call.body.prospect_ids as string[];
		if (ids.includes('bad')) {
			return {
				statusCode: 422,
				body: { detail: [{ loc: ['body', 'prospect_ids', ids.indexOf('bad')], msg: 'unknown id format', type: 'value_error' }] },
			};
		}
		return enrichService(call);
	};

	it('names the input item behind a 422 position', async () => {
		const { ctx } = fakeContext(rejectPosition3, { items: 5 });
		const error = await runBatched(ctx, 'enrichProspectProfiles', idRequests(['a', 'b', 'a', 'bad', 'c']), {
		}).catch((e) => e);
		expect(error.message).toBe('The service rejected the request (422): item 3: unknown id format');
		expect(error.context.itemIndex).toBe(3);
	});

	it('under Continue on Fail drops the element a 422 names and re-sends the rest once', async () => {
		const { ctx, calls } = fakeContext(rejectPosition3, { items: 5, continueOnFail: true });
		const outcomes = await runBatched(ctx, 'enrichProspectProfiles', idRequests(['a', 'b', 'a', 'bad', 'c']), {
		});
		expect(calls.map((call) => call.body.prospect_ids)).toEqual([
			['a', 'b', 'bad', 'c'],
			['a', 'b', 'c'],
		]);
		expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, false, true]);
		expect(!outcomes[3].ok && outcomes[3].error.message).toBe(
			'The service rejected the request (422): item 3: unknown id format',
		);
	});

	const rejectEachBad = (call: RecordedCall) => {
		const ids = call.body.prospect_ids as string[];
		const position = ids.findIndex((id) => id.startsWith('bad'));
		if (position >= 0) {
			return {
				statusCode: 422,
				body: { detail: [{ loc: ['body', 'prospect_ids', position], msg: 'unknown id format', type: 'value_error' }] },
			};
		}
		return enrichService(call);
	};

	it('under Continue on Fail keeps re-sending while each 422 names another element; valid items succeed', async () => {
		const { ctx, calls } = fakeContext(rejectEachBad, { items: 5, continueOnFail: true });
		const outcomes = await runBatched(ctx, 'enrichProspectProfiles', idRequests(['a', 'bad1', 'b', 'bad2', 'c']), {
		});
		expect(calls.map((call) => call.body.prospect_ids)).toEqual([
			['a', 'bad1', 'b', 'bad2', 'c'],
			['a', 'b', 'bad2', 'c'],
			['a', 'b', 'c'],
		]);
		expect(outcomes.map((o) => o.ok)).toEqual([true, false, true, false, true]);
		expect(outcomes.map((o) => (o.ok ? o.results[0].matches[0].prospect_id : o.error.message))).toEqual([
			'a',
			'The service rejected the request (422): item 1: unknown id format',
			'b',
			'The service rejected the request (422): item 3: unknown id format',
			'c',
		]);
	});

	it('does not send the API key anywhere but the auth helper', async () => {
		const { ctx, calls } = fakeContext(matchService, { items: 1 });
		await runBatched(ctx, 'matchProspects', matchRequests(1));
		expect(JSON.stringify(calls)).not.toContain('secret-key');
	});
});

describe('API v2', () => batchingEngineCases('v2'));
