/**
 * Waiting between a job's status polls without setTimeout in node code (n8n's cloud rules): the
 * package waits with n8n-workflow's `sleep`, as the transport does between retries, in steps of
 * at most a second, so a stopped execution is noticed within a second even where `sleep` takes no
 * abort signal (n8n 1.x).
 */
import { sleep } from 'n8n-workflow';

/** longest single sleep: how late a stop may be seen */
const STEP_MS = 1_000;

/** The waits before each poll: `firstMs`, then half as long again each time, up to `maxMs`. */
export function pollDelay(poll: number, firstMs: number, maxMs: number): number {
	return Math.min(maxMs, Math.round(firstMs * 1.5 ** poll));
}

/** Waits `ms`; false when the execution was stopped before or during the wait (returns at once then). */
export async function waitUnlessStopped(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
	const until = Date.now() + ms;
	for (;;) {
		if (signal?.aborted) return false;
		const left = until - Date.now();
		if (left <= 0) return true;
		try {
			await sleep(Math.min(left, STEP_MS), signal);
		} catch {
			// sleep rejects when the signal aborts: the loop's check says so
		}
	}
}
