/**
 * What every Check Credits engine test file shares: its own sandbox (started once per file,
 * without its rate limit; its request log cleared and every key's credits reset to the
 * allocation before each test), the credential on each API version, and the node.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { ApiVersion } from '../../../nodes/shared/api';
import type { Sandbox } from '../../sandbox';
import { packageNode, sandboxCredentials, useSandbox, type WorkflowNode } from '../harness';

/** The allocation of the tests: small, so the figures read easily. */
export const ALLOCATED = 1_000;

export let sandbox: Sandbox;

export function setUpSandbox(): void {
	sandbox = useSandbox({ rateLimit: false, credits: { allocated: ALLOCATED } }, (started) =>
		started.configure({ faults: {}, credits: { allocated: ALLOCATED } }),
	);
}

/** The credential set to speak `api` (Check Credits speaks v2 at Per Node Version). */
export const credentialsOn = (api: ApiVersion) => sandboxCredentials(sandbox, { apiVersion: api });

export const checkCreditsNode = (parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode('checkCredits', 'Check Credits', parameters, settings);
