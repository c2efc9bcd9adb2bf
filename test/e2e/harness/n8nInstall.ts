/**
 * The harness's view of the cached n8n installs (scripts/provision/n8n.ts): which line a test runs
 * on, and where the repository is. `npm test` provisions every line before the e2e suite starts;
 * on a cache miss (a single file run by hand) the first test of a file installs it.
 */
import path from 'node:path';

import { ensureN8n, type N8nInstall } from '../../../scripts/provision/n8n';
import { CURRENT_LINE, type N8nLine } from '../../../scripts/provision/n8nLines';

export { isN8nInstalled, n8nInstallDir, nodeEnv, type N8nInstall } from '../../../scripts/provision/n8n';
export { CURRENT_LINE, N8N_LINES, PREVIOUS_LINE, type N8nLine } from '../../../scripts/provision/n8nLines';
export { cacheRoot } from '../../../scripts/provision/paths';

/** The n8n release the whole e2e suite, the benchmark and the demo run against. */
export const N8N_VERSION = CURRENT_LINE.version;

export const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface EnsureOptions {
	/** The n8n line to run (default: the current line). */
	line?: N8nLine;
	log?: (message: string) => void;
}

/** The cached install of a line's n8n, installed first when missing. */
export async function ensureN8nInstalled(options: EnsureOptions = {}): Promise<N8nInstall> {
	return await ensureN8n(options.line ?? CURRENT_LINE, { log: options.log });
}
