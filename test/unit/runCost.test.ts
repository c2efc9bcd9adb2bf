/** The cost notices of a batched run (batching/cost.ts): the figures and words the user reads. */
import { costAfter, costBefore, floorMinutes, progressText, workflowTimeoutMs } from '../../nodes/shared/batching/cost';

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
		expect(progressText(4_200, 19_000, 21 * 60_000 + 5_000)).toBe('About 4,200 of 19,000 queries spent, 21 minutes so far');
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
