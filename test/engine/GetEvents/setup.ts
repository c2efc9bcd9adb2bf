/**
 * What every Get Events engine test file shares: its own sandbox (started once per file, its
 * request log cleared before each test), the node and the workflow that runs it on items for one
 * resource, and helpers for pairing and dates. A test file calls setUpSandbox() once at its top,
 * then uses `sandbox` and the helpers.
 */
import type { IDataObject, INodeParameters, IPairedItemData } from 'n8n-workflow';

import type { Sandbox, SandboxOptions } from '../../sandbox';
import { onItems, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from '../harness';

export const NODE = 'Get Events';
export const DAY_MS = 86_400_000;

/** This test file's sandbox, set by setUpSandbox() (started by the beforeAll it registers). */
export let sandbox: Sandbox;

/** Starts the file's sandbox before its tests and closes it after; clears its request log before each test. */
export function setUpSandbox(options?: SandboxOptions): void {
	sandbox = useSandbox(options);
}

export const credentials = () => sandboxCredentials(sandbox);

/**
 * The Get Events node for one resource, and a run of it on items: its parameters are `defaults`,
 * then the test's; its typeVersion `typeVersion` unless the test's settings say otherwise.
 */
export function forResource(defaults: INodeParameters, typeVersion = 1) {
	function eventsNode(parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode {
		return {
			name: NODE,
			type: 'n8n-nodes-business-prospect-data.getEvents',
			typeVersion,
			parameters: { ...defaults, ...parameters },
			...settings,
		};
	}

	async function getEvents(items: IDataObject[], parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}) {
		const workflow = onItems(items, eventsNode(parameters, settings));
		return await runWorkflow(workflow, { credentials: credentials() });
	}

	return { eventsNode, getEvents };
}

export const itemsOf = (pairs: IPairedItemData[]) => pairs.map((pair) => pair.item).sort((a, b) => a - b);
export const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
