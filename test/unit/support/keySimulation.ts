/**
 * n8n processes sharing one API key, simulated on Jest's fake clock: each process has its own
 * RateBudget (as each n8n worker does), runs its executions as the batching engine does (a node's
 * requests `concurrency` at a time, the next node once they are answered) and retries a 429 after
 * its Retry-After as the client does; the service is the sandbox's sliding window. Requests take
 * `sendMs` to reach the service and `receiveMs` to come back (drawn from a seeded generator, so a
 * run is repeatable), and the service answers `latencyMs` after the request arrives, its
 * X-RateLimit headers counting every request that arrived by then (as the sandbox's do).
 */
import { sleep } from 'n8n-workflow';

import { LIMITS } from '../../../nodes/shared/api';
import { RateBudget } from '../../../nodes/shared/transport/rateBudget';
import { SlidingWindow } from '../../sandbox/rateLimit';

/** One execution: its nodes' requests, by weight, node after node. */
export type Execution = number[][];

export interface KeySimulation {
	/** the executions of each process */
	processes: Execution[][];
	/** each process's credential ceiling (the key's limit by default) */
	ceilings?: number[];
	/** when each process starts its executions (ms), all at once by default */
	startsMs?: number[];
	concurrency?: number;
	latencyMs?: number;
	/** the most time a request takes to reach the service, and its answer to come back (ms) */
	jitterMs?: number;
	/** X-RateLimit-Reset as a Unix time (the service's page) instead of seconds from now */
	resetAsUnixTime?: boolean;
	seed?: number;
}

export interface KeySimulationResult {
	refused: number;
	answered: number;
	queries: number;
	/** first request booked to last answer */
	elapsedMs: number;
	/** (ceil(queries / limit) - 1) windows */
	floorMs: number;
	/** queries the service accepted in each minute from the start */
	perMinute: number[];
}

/** A small seeded generator (mulberry32), so that a simulated run is the same every time. */
function seeded(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** Runs `tasks` with at most `concurrency` at once, as the batching engine's pool does. */
async function pool(weights: number[], concurrency: number, task: (weight: number) => Promise<void>): Promise<void> {
	let next = 0;
	const lane = async () => {
		while (next < weights.length) await task(weights[next++]);
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, weights.length) }, lane));
}

/**
 * The requests of Match Prospects -> Enrich for `contacts` rows of which `unique` match distinct
 * prospects, `matchItems` contacts a match call (API v2's by default).
 */
export function matchEnrich(contacts: number, unique: number, matchItems: number = LIMITS.matchItems): Execution {
	const chunks = (total: number, size: number) =>
		Array.from({ length: Math.ceil(total / size) }, (_, index) => Math.min(size, total - index * size));
	return [chunks(contacts, matchItems), chunks(unique, LIMITS.prospectEnrichIds)];
}

export async function simulateKey(options: KeySimulation): Promise<KeySimulationResult> {
	const { limit, windowMs } = { limit: LIMITS.rateLimit.queries, windowMs: LIMITS.rateLimit.windowMs };
	const service = new SlidingWindow({ ...LIMITS.rateLimit });
	const random = seeded(options.seed ?? 1);
	const jitter = () => 1 + Math.floor(random() * (options.jitterMs ?? 20));
	const latencyMs = options.latencyMs ?? 50;
	const concurrency = options.concurrency ?? 4;
	const start = Date.now();
	const result: KeySimulationResult = { refused: 0, answered: 0, queries: 0, elapsedMs: 0, floorMs: 0, perMinute: [] };
	let lastAnswer = start;

	const send = async (budget: RateBudget, weight: number) => {
		for (;;) {
			const booking = await budget.book(weight);
			if (!booking) throw new Error('a booking without a deadline was refused');
			await sleep(jitter());
			const arrival = Date.now();
			const { allowed, retryAfterSeconds } = service.take(arrival, weight);
			await sleep(latencyMs);
			const state = service.peek(arrival);
			const resetSeconds = options.resetAsUnixTime ? Math.ceil(arrival / 1000) + state.resetSeconds : state.resetSeconds;
			await sleep(jitter());
			const window = { limit: state.limit, remaining: state.remaining, resetSeconds };
			lastAnswer = Date.now();
			if (allowed) {
				result.answered++;
				result.queries += weight;
				const minute = Math.floor((arrival - start) / windowMs);
				result.perMinute[minute] = (result.perMinute[minute] ?? 0) + weight;
				budget.answered(window, booking);
				return;
			}
			result.refused++;
			budget.throttled(retryAfterSeconds * 1000, window, booking);
			await sleep(retryAfterSeconds * 1000);
		}
	};
	const budgets: RateBudget[] = [];
	const runProcess = async (executions: Execution[], index: number) => {
		await sleep(options.startsMs?.[index] ?? 0);
		const budget = new RateBudget(options.ceilings?.[index] ?? limit, undefined, undefined, seeded((options.seed ?? 1) * 7919 + index));
		budgets[index] = budget;
		await Promise.all(
			executions.map(async (nodes) => {
				for (const weights of nodes) await pool(weights, concurrency, async (weight) => await send(budget, weight));
			}),
		);
	};
	let done = false;
	const all = Promise.all(options.processes.map(runProcess)).finally(() => (done = true));
	while (!done) await jest.advanceTimersByTimeAsync(1_000);
	await all;
	result.elapsedMs = lastAnswer - start;
	result.floorMs = (Math.ceil(result.queries / limit) - 1) * windowMs;
	result.perMinute = Array.from(result.perMinute, (count) => count ?? 0);
	return result;
}
