/**
 * How `npm start` (scripts/start.mjs) stops its demo: n8n first (SIGTERM and time to shut down),
 * then the sandbox. Kept apart from start.mjs so that the test of its Ctrl-C
 * (test/unit/startShutdown.test.ts) runs this very code with a stand-in for n8n.
 */

/** What the demo stops: n8n (N8nInstance) and the sandbox service, once they exist. */
export interface DemoParts {
	n8n: () => { stop: () => Promise<unknown> } | undefined;
	sandbox: () => { close: () => Promise<unknown> } | undefined;
	log: (line: string) => void;
}

export interface DemoShutdown {
	/** Whether a stop has begun. */
	readonly stopping: boolean;
	/**
	 * Stops n8n, then the sandbox, and resolves with the demo's exit code: 0, or 1 when n8n's own
	 * exit began the stop. Every call shares the first call's run: a Ctrl-C while n8n's own exit
	 * is being handled must not stop n8n or close the sandbox a second time.
	 */
	stop: (reason: string) => Promise<number>;
	/**
	 * n8n has exited. Unless a stop caused it, stops the rest and returns 1, the demo's exit code;
	 * otherwise waits for that stop and returns undefined (the stop's owner ends the process).
	 */
	afterN8nExit: (reason: string) => Promise<number | undefined>;
}

export function demoShutdown(parts: DemoParts): DemoShutdown {
	let running: Promise<number> | undefined;
	const run = async (reason: string, exitCode: number): Promise<number> => {
		parts.log(`\n${reason}: stopping n8n and the sandbox`);
		await parts.n8n()?.stop();
		await parts.sandbox()?.close();
		parts.log('Stopped.');
		return exitCode;
	};
	return {
		get stopping() {
			return running !== undefined;
		},
		stop: (reason) => (running ??= run(reason, 0)),
		async afterN8nExit(reason) {
			if (running) {
				await running;
				return undefined;
			}
			running = run(reason, 1);
			return running;
		},
	};
}
