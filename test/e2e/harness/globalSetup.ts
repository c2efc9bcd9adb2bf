/**
 * The e2e project's global set-up: a folder for the run (the shared n8n's state, sharedN8n.ts) and
 * the Jest process's id, handed to the test workers through the environment they inherit.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { RUN_DIR_ENV, RUN_PID_ENV } from './sharedN8n';

export default function globalSetup(): void {
	process.env[RUN_DIR_ENV] = mkdtempSync(path.join(os.tmpdir(), 'bpd-e2e-run-'));
	process.env[RUN_PID_ENV] = String(process.pid);
}
