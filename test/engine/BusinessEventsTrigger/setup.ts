/**
 * What every Business Events Trigger engine test file shares: its own sandbox (started once per
 * file, its request log cleared before each test), the trigger node, one poll through n8n-core,
 * and helpers for the fired events. A test file calls setUpSandbox() once at its top, then uses
 * `sandbox` and the helpers.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox, SandboxOptions } from '../../sandbox';
import { sandboxCredentials, useSandbox, type WorkflowNode } from '../harness';
import { runPoll, type PollOptions } from '../harness/runPoll';

export const TYPE = 'n8n-nodes-business-prospect-data.businessEventsTrigger';

/** This test file's sandbox, set by setUpSandbox() (started by the beforeAll it registers). */
export let sandbox: Sandbox;

/** Starts the file's sandbox before its tests and closes it after; clears its request log before each test. */
export function setUpSandbox(options?: SandboxOptions): void {
	sandbox = useSandbox(options);
}

export const credentials = () => sandboxCredentials(sandbox);

let triggerNodes = 0;

/**
 * A trigger node with an id of its own: the trigger remembers its last fire per workflow and node
 * in this process (a poll reading an older state waits for that fire's hand-off), and each test's
 * trigger is another one.
 */
export function triggerNode(parameters: IDataObject, typeVersion = 1): WorkflowNode {
	return {
		id: `engine-trigger-${++triggerNodes}`,
		name: 'Business Events Trigger',
		type: TYPE,
		typeVersion,
		parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...parameters },
	};
}

/** One poll; returns the fired events' json (null when nothing fired) and the committed static data. */
export async function poll(node: WorkflowNode, options: Omit<PollOptions, 'credentials'>) {
	const result = await runPoll(node, { credentials: credentials(), ...options });
	return { events: result.items?.map((item) => item.json) ?? null, staticData: result.staticData };
}

export const idsOf = (events: IDataObject[] | null) => events?.map((event) => event.event_id) ?? null;
/** The order the trigger fires in: by event time, ties by event_id. */
export const chronological = (events: IDataObject[]) =>
	[...events].sort(
		(x, y) =>
			Date.parse(x.event_time as string) - Date.parse(y.event_time as string) ||
			(String(x.event_id) < String(y.event_id) ? -1 : 1),
	);
