/** The e2e project's global teardown: stops the run's shared n8n (sharedN8n.ts) and removes the run's folder. */
import { RUN_DIR_ENV, stopSharedN8n } from './sharedN8n';

export default async function globalTeardown(): Promise<void> {
	const runDir = process.env[RUN_DIR_ENV];
	if (runDir) await stopSharedN8n(runDir);
}
