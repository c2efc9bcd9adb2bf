/** The cost notices of a long run (batching/cost.ts): the figures and words the user reads, and when they are said. */
import type { IExecuteFunctions, NodeExecutionHint } from 'n8n-workflow';

import {
	costAfter,
	costBefore,
	costTiming,
	executionDeadline,
	floorMinutes,
	progressText,
	searchFound,
	withRunCost,
	workflowTimeoutMs,
} from '../../nodes/shared/batching/cost';
import { ApiClient } from '../../nodes/shared/transport/apiClient';
import { fakeContext, ok } from './support/fakeContext';

describe('cost notices', () => {
	it('gives the least time of N queries as (ceil(N / limit) - 1) minutes', () => {
		expect(floorMinutes(200, 200)).toBe(0);
		expect(floorMinutes(201, 200)).toBe(1);
		expect(floorMinutes(555, 200)).toBe(2);
		expect(floorMinutes(19_000, 200)).toBe(94);
	});

	it('words the cost before, the progress and the cost after', () => {
		expect(costBefore(19_000, 200)).toBe('This run needs about 19,000 queries: at least 94 minutes at 200 queries per minute');
		expect(costBefore(300, 200)).toBe('This run needs about 300 queries: at least 1 minute at 200 queries per minute');
		expect(costBefore({ queries: 500, atLeast: true }, 200)).toBe('This run needs at least 500 queries: at least 2 minutes at 200 queries per minute');
		expect(costBefore(10_000, 200, searchFound(10_000))).toBe(
			"The search's first page counts 10,000 results, so this run needs about 10,000 queries: at least 49 minutes at 200 queries per minute",
		);
		expect(searchFound(1, 3)).toBe("The first page of item 3's search counts 1 result");
		const progress = { done: 4_200, expected: { queries: 19_000, atLeast: false }, failedRequests: 0, failedQueries: 0 };
		expect(progressText(progress, 21 * 60_000 + 5_000)).toBe('4,200 of about 19,000 queries done, 21 minutes so far');
		expect(progressText({ ...progress, failedRequests: 2, failedQueries: 80 }, 60_000)).toBe(
			'4,200 of about 19,000 queries done, 1 minute so far; 2 requests failed (80 queries)',
		);
		expect(progressText({ ...progress, expected: { queries: 500, atLeast: true }, failedRequests: 1 }, 0)).toBe(
			'4,200 of at least 500 queries done, 0 minutes so far; 1 request failed',
		);
		expect(costAfter({ queries: 19_000, requests: 440 })).toBe('This run spent 19,000 queries in 440 requests');
		expect(costAfter({ queries: 1, requests: 1 })).toBe('This run spent 1 query in 1 request');
	});

	it('reads the workflow timeout where the context has one, in ms; none for -1, 0 or no settings', () => {
		const withTimeout = (executionTimeout?: number) => ({ getWorkflowSettings: () => ({ executionTimeout }) }) as never;
		expect(workflowTimeoutMs(withTimeout(3_600))).toBe(3_600_000);
		expect(workflowTimeoutMs(withTimeout(-1))).toBeUndefined();
		expect(workflowTimeoutMs(withTimeout(undefined))).toBeUndefined();
		expect(workflowTimeoutMs({} as never)).toBeUndefined();
	});
});

describe('the execution deadline counts the time earlier nodes spent', () => {
	const now = 1_800_000_000_000;
	const settings = (executionTimeout?: number) => ({ getWorkflowSettings: () => ({ executionTimeout }) });

	it("is n8n's own deadline where the context carries it (additionalData.executionTimeoutTimestamp)", () => {
		const ctx = { ...settings(180), additionalData: { executionTimeoutTimestamp: now + 60_000 } } as never;
		expect(executionDeadline(ctx, now)).toBe(now + 60_000);
		// set by the instance's default timeout, without a workflow setting
		expect(executionDeadline({ ...settings(), additionalData: { executionTimeoutTimestamp: now + 5_000 } } as never, now)).toBe(now + 5_000);
	});

	it("else the execution's start (getExecutionContext().establishedAt) plus the workflow's timeout", () => {
		const ctx = { ...settings(180), additionalData: {}, getExecutionContext: () => ({ establishedAt: now - 120_000 }) } as never;
		expect(executionDeadline(ctx, now)).toBe(now + 60_000);
	});

	it("else this node's start plus the workflow's timeout; none without a timeout", () => {
		expect(executionDeadline(settings(180) as never, now)).toBe(now + 180_000);
		expect(executionDeadline({ ...settings(), getExecutionContext: () => ({ establishedAt: now - 1 }) } as never, now)).toBeUndefined();
	});
});

describe('one node execution tells its cost once, and its progress counts what succeeded', () => {
	afterEach(() => (costTiming.progressEveryMs = 60_000));

	/** A fake context that records the hints and the console messages it is told. */
	function toldContext(queriesPerMinute: number) {
		const { ctx } = fakeContext(() => ok({}), { credentials: { baseUrl: 'http://127.0.0.1:9/', apiKey: `cost-key-${queriesPerMinute}-${Math.random()}`, maxRequestsPerMinute: queriesPerMinute } });
		const hints: string[] = [];
		const messages: string[] = [];
		Object.assign(ctx, {
			addExecutionHints: (...told: NodeExecutionHint[]) => hints.push(...told.map((hint) => hint.message)),
			sendMessageToUI: (message: string) => messages.push(message),
		});
		return { ctx: ctx as IExecuteFunctions, hints, messages };
	}

	it('two parts planned inside one node execution: one cost before, one after', async () => {
		const { ctx, hints } = toldContext(100);
		const client = await ApiClient.of(ctx);
		await withRunCost(ctx, client, async (outer) => {
			outer.plan(90);
			outer.plan(90);
			outer.check();
			// a run inside the node's shares its cost: nothing told again
			await withRunCost(ctx, client, async (inner) => {
				expect(inner).toBe(outer);
				inner.check();
			});
		});
		expect(hints).toEqual([
			'This run needs about 180 queries: at least 1 minute at 100 queries per minute',
			'This run spent 0 queries in 0 requests',
		]);
	});

	it('a lower bound is said as such; a part settled by its first page tells what it found', async () => {
		const { ctx, hints } = toldContext(100);
		await withRunCost(ctx, await ApiClient.of(ctx), async (cost) => {
			const search = cost.plan(1, false);
			cost.plan(1, false);
			cost.check();
			expect(hints).toEqual([]);
			search.settle(250, searchFound(5_000, 0));
			search.settle(260, searchFound(5_200, 0));
		});
		expect(hints[0]).toBe(
			"The first page of item 0's search counts 5,000 results, so this run needs at least 251 queries: at least 2 minutes at 100 queries per minute",
		);
		expect(hints).toHaveLength(2);
	});

	it('progress counts the queries of requests that succeeded, and the failed requests apart', async () => {
		costTiming.progressEveryMs = 0;
		const { ctx, messages } = toldContext(100);
		await withRunCost(ctx, await ApiClient.of(ctx), async (cost) => {
			const part = cost.plan(120);
			cost.check();
			part.succeeded(40);
			part.failed(40);
			part.succeeded(30);
			part.failed(10);
		});
		expect(messages.slice(1, -1)).toEqual([
			'Test Node: 40 of about 120 queries done, 0 minutes so far',
			'Test Node: 40 of about 120 queries done, 0 minutes so far; 1 request failed (40 queries)',
			'Test Node: 70 of about 120 queries done, 0 minutes so far; 1 request failed (40 queries)',
			'Test Node: 70 of about 120 queries done, 0 minutes so far; 2 requests failed (50 queries)',
		]);
	});

	it('a search stopped early counts only what it sent: a later search the time left can hold still runs (Continue On Fail)', async () => {
		const { ctx } = toldContext(100);
		Object.assign(ctx, { additionalData: { executionTimeoutTimestamp: Date.now() + 90_000 } });
		await withRunCost(ctx, await ApiClient.of(ctx), async (cost) => {
			const big = cost.plan(1, false);
			const small = cost.plan(1, false);
			cost.check();
			big.succeeded(1);
			expect(() => big.settle(300, searchFound(300, 0))).toThrow('stopped after 1 query');
			// the search ends there (paginate.ts closes its part in a finally)
			big.close();
			small.succeeded(1);
			expect(() => small.settle(1, searchFound(1, 1))).not.toThrow();
			expect(cost.expected).toEqual({ queries: 2, atLeast: false });
		});
	});

	it('refuses, before sending more, a run the time left before the deadline cannot hold', async () => {
		const { ctx } = toldContext(100);
		Object.assign(ctx, { additionalData: { executionTimeoutTimestamp: Date.now() + 90_000 } });
		await expect(
			withRunCost(ctx, await ApiClient.of(ctx), async (cost) => {
				const search = cost.plan(1, false);
				cost.check();
				search.succeeded(1);
				search.settle(300, searchFound(300));
			}),
		).rejects.toThrow(
			"The search's first page counts 300 results, so this run needs about 300 queries: at least 2 minutes at 100 queries per minute, longer than the time left before the workflow times out (1 minute); stopped after 1 query",
		);
	});
});
