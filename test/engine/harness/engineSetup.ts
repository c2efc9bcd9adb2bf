/**
 * The services n8n-core pulls from its DI container while it executes a workflow, set up once
 * per module registry (jest gives each test file its own).
 *
 * Everything stays n8n's real implementation, built by the container as in the n8n server; only
 * the configuration differs: a silent logger (unless N8N_LOG_LEVEL asks for more) and an
 * instance folder that is not the user's ~/.n8n.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { InstanceSettings } from 'n8n-core';
import { setGlobalState } from 'n8n-workflow';

import { Container, GlobalConfig, InstanceSettingsConfig } from './n8nInternals';
import { RETRY_POLICY } from '../../../nodes/shared/transport/retryPolicy';

/** Fixed so that nothing depends on a generated secret; nothing is ever stored with it. */
const ENCRYPTION_KEY = 'n8n-engine-harness';

let ready = false;

/** Shortens the retry backoff of the package (loaded from source in this process) for tests. */
export function fastRetries(): void {
	Object.assign(RETRY_POLICY as { baseDelayMs: number; maxDelayMs: number }, { baseDelayMs: 4, maxDelayMs: 40 });
}

export function ensureEngine(): void {
	if (ready) return;

	// Retries back off in milliseconds here: tests count attempts, they do not wait them out.
	fastRetries();

	if (!process.env.N8N_LOG_LEVEL) Container.get(GlobalConfig).logging.level = 'silent';
	// What the n8n server does at start-up with GENERIC_TIMEZONE; UTC like the e2e setup.
	setGlobalState({ defaultTimezone: process.env.GENERIC_TIMEZONE ?? 'UTC' });

	// InstanceSettings writes a settings file into its folder when it is first built, which
	// would otherwise be ~/.n8n. It keeps the settings in memory afterwards and nothing on the
	// execution path touches the folder again, so a temporary one is removed straight away.
	const folder = mkdtempSync(path.join(tmpdir(), 'n8n-engine-'));
	try {
		Object.assign(Container.get(InstanceSettingsConfig), {
			n8nFolder: folder,
			userHome: folder,
			encryptionKey: ENCRYPTION_KEY,
		});
		Container.get(InstanceSettings);
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}

	ready = true;
}
