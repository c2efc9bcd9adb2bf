/**
 * The batching engine on one API version's match endpoint (its path and batch limit from the
 * version's catalog): batchingEngine.test.ts runs these cases on v2, batchingEngine.v1.test.ts on
 * v1 (retiring v1 deletes that file). Request counts, batch sizes, order, concurrency, failed chunks.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { type ApiVersion, catalogFor } from '../../nodes/shared/api';
import { runBatched, type ItemRequest } from '../../nodes/shared/batching/engine';
import { fakeContext, ok, type RecordedCall } from './support/fakeContext';

/** A match service: echoes each element back with a prospect id derived from its email. */
function matchService(call: RecordedCall) {
	const list = call.body.prospects_to_match as IDataObject[];
	return ok({
		matched_prospects: list.map((input) => ({ input, prospect_id: `p-${String(input.email)}` })),
	});
}

const matchRequests = (n: number): Array<ItemRequest<IDataObject>> =>
	Array.from({ length: n }, (_, itemIndex) => ({ itemIndex, entries: [{ email: `c${itemIndex}@example.com` }] }));

export function batchingEngineCases(version: ApiVersion): void {
	const { path, batch } = catalogFor(version).matchProspects;
	const limit = batch!.limit!;

	describe(`runBatched: position join (match, limit ${limit})`, () => {

		it.each([0, 1, limit - 1, limit, limit + 1, 10_000])(`%i items cost ceil(n / ${limit}) requests`, async (n) => {
			const { ctx, calls } = fakeContext(matchService, { items: n });
			const outcomes = await runBatched(ctx, 'matchProspects', matchRequests(n), { version });

			expect(calls).toHaveLength(Math.ceil(n / limit));
			for (const call of calls) {
				expect((call.body.prospects_to_match as unknown[]).length).toBeLessThanOrEqual(limit);
				expect(call.url).toBe(`http://127.0.0.1:9${path}`);
				expect(call.method).toBe('POST');
			}
			const sent = calls.flatMap((call) => call.body.prospects_to_match as IDataObject[]);
			expect(sent.map((entry) => entry.email)).toEqual(matchRequests(n).map((r) => r.entries[0].email));
			expect(outcomes.map((o) => o.itemIndex)).toEqual(Array.from({ length: n }, (_, i) => i));
			outcomes.forEach((outcome, i) => {
				if (!outcome.ok) throw outcome.error;
				expect(outcome.results).toHaveLength(1);
				expect(outcome.results[0].matches[0].prospect_id).toBe(`p-c${i}@example.com`);
			});
		});
	});

	describe('runBatched: concurrency and failures', () => {
		/** 400 items in requests of the limit */
		const chunks = Math.ceil(400 / limit);

		it('never has more requests in flight than the concurrency', async () => {
			for (const concurrency of [1, 2, 5]) {
				// each answer waits (a bounded number of turns) until the engine has `concurrency` requests
				// out or has sent them all: a slow machine cannot make the count lower than the engine allows
				let fake: ReturnType<typeof fakeContext> | undefined;
				const heldService = async (call: RecordedCall) => {
					for (let turn = 0; turn < 10_000 && fake && fake.inFlight() < concurrency && fake.calls.length < chunks; turn++) {
						await new Promise((resolve) => setImmediate(resolve));
					}
					return matchService(call);
				};
				fake = fakeContext(heldService, { items: 400 });
				await runBatched(fake.ctx, 'matchProspects', matchRequests(400), { concurrency, version });
				expect(fake.calls).toHaveLength(chunks);
				expect(fake.maxInFlight()).toBe(concurrency);
			}
		});

		const failSecondChunk = (call: RecordedCall) =>
			(call.body.prospects_to_match as IDataObject[])[0].email === `c${limit}@example.com`
				? { statusCode: 400, body: { details: 'bad batch', correlation_id: 'corr-1' } }
				: matchService(call);

		it('fails the run on a failed chunk without Continue on Fail', async () => {
			const { ctx } = fakeContext(failSecondChunk, { items: 100 });
			const error = await runBatched(ctx, 'matchProspects', matchRequests(100), { version }).catch((e) => e);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe(`The service rejected the request as malformed (400): bad batch (for items ${limit} to ${2 * limit - 1})`);
			expect(error.description).toBe('Correlation id: corr-1.');
		});

		it('turns the items of a failed chunk into errors under Continue on Fail, the rest succeed', async () => {
			const { ctx } = fakeContext(failSecondChunk, { items: 100, continueOnFail: true });
			const outcomes = await runBatched(ctx, 'matchProspects', matchRequests(100), { version });
			const failed = outcomes.filter((o) => !o.ok).map((o) => o.itemIndex);
			expect(failed).toEqual(Array.from({ length: limit }, (_, i) => limit + i));
			expect(outcomes.filter((o) => o.ok)).toHaveLength(100 - limit);
		});
	});
}
