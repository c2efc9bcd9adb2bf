/**
 * Runs one poll of a polling trigger through n8n-core, the way n8n runs it:
 *
 * - 'manual' (the editor's "Fetch test event" / a manual execution): a one-node workflow run by
 *   `WorkflowExecute`, which calls `poll()` in a `PollContext` on the real static data. n8n never
 *   saves the static data of a manual run, so the static data comes back unchanged.
 * - 'trigger' (an active workflow): n8n-core's `PollTriggerExecutor`, the code the active-workflow
 *   machinery schedules, with a `PollContext` as the n8n server builds it
 *   (`getExecutePollFunctions` in packages/cli), in one of its two ways (`cursor`):
 *   - 'workflow' (default; n8n 1.x, and 2.41 unless durable poll cursors are on): the node static
 *     data is part of the workflow's static data (n8n's ObservableObject), kept in memory between
 *     the polls of one activation and saved when a poll emits items;
 *   - 'durable' (2.41 with durable poll cursors): a per-poll plain copy of the stored cursor,
 *     kept when the poll emits items (n8n stores it with the execution it starts) or when a
 *     scheduled poll returns `null` (cursor-only commit); dropped when the poll throws, and when
 *     the poll at activation returns `null`, which n8n-core runs as a test that commits nothing.
 */
import { isDeepStrictEqual } from 'node:util';

import { PollContext, PollTriggerExecutor } from 'n8n-core';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

import { createAdditionalData } from './additionalData';
import { buildWorkflow, type EngineOptions, type WorkflowJson, type WorkflowNode } from './buildWorkflow';
import { Container } from './n8nInternals';
import { runWorkflow } from './runWorkflow';

export interface PollOptions extends Omit<EngineOptions, 'mode' | 'staticData'> {
	mode: 'manual' | 'trigger';
	/** 'trigger' mode: the poll run at activation, or a scheduled one (default) */
	tick?: 'activation' | 'scheduled';
	/** the node's static data (`getWorkflowStaticData('node')`) before the poll */
	staticData?: IDataObject;
	/** 'trigger' mode: how n8n hands the poll its state (see above); 'workflow' by default */
	cursor?: 'workflow' | 'durable';
}

export interface PollResult {
	/** items of the emitted output, `null` when the poll found nothing (returned `null`) */
	items: INodeExecutionData[] | null;
	/**
	 * the node's static data as the next poll of this n8n process reads it ('workflow': what the
	 * poll left in memory; 'durable': the cursor n8n stored)
	 */
	staticData: IDataObject;
}

/** Rejects with the poll's error, as n8n would report it (an error execution or activation error). */
export async function runPoll(node: WorkflowNode, options: PollOptions): Promise<PollResult> {
	const workflow: WorkflowJson = { nodes: [node], connections: {} };
	const staticData = structuredClone(options.staticData ?? {});
	return options.mode === 'manual'
		? await pollManually(workflow, staticData, options)
		: await pollAsActiveTrigger(workflow, staticData, options);
}

async function pollManually(json: WorkflowJson, staticData: IDataObject, options: PollOptions): Promise<PollResult> {
	const { name } = json.nodes[0];
	const run = await runWorkflow(json, {
		...options,
		mode: 'manual',
		staticData: { [`node:${name}`]: structuredClone(staticData) },
	});
	if (run.error) throw run.error.original;
	// `WorkflowExecute` records no run for a node that returned `null`.
	return { items: run.runData[name] ? run.output(name) : null, staticData };
}

async function pollAsActiveTrigger(
	json: WorkflowJson,
	committed: IDataObject,
	options: PollOptions,
): Promise<PollResult> {
	const { name } = json.nodes[0];
	const { workflow, credentialsHelper } = buildWorkflow(json, {
		...options,
		mode: 'trigger',
		staticData: { [`node:${name}`]: structuredClone(committed) },
	});
	const node = workflow.getNode(name);
	if (!node) throw new UnexpectedError('The poll node is missing from its workflow');
	const durable = options.cursor === 'durable';

	let staged: { snapshot: IDataObject; seed: IDataObject } | undefined;
	let emitted: INodeExecutionData[][] | undefined;
	let pollError: Error | undefined;
	/** Keeps the snapshot if the poll changed it, once (as the server's `takeStagedCursor`). */
	const keepStaged = () => {
		if (!staged || isDeepStrictEqual(staged.snapshot, staged.seed)) return;
		committed = structuredClone(staged.snapshot);
		staged.seed = structuredClone(committed);
	};

	const context = new PollContext(
		workflow,
		node,
		createAdditionalData({ credentialsHelper }),
		'trigger',
		'activate',
		(data) => {
			emitted = data;
			keepStaged();
		},
		(error) => {
			pollError = error;
		},
		async () => keepStaged(),
		async (poll) => {
			if (durable) staged = { snapshot: structuredClone(committed), seed: structuredClone(committed) };
			try {
				return await poll();
			} finally {
				staged = undefined;
			}
		},
		() => {
			if (!durable) return workflow.getStaticData('node', node);
			if (!staged) throw new UnexpectedError('Poll node read its static data outside of a poll');
			return staged.snapshot;
		},
	);

	const executePoll = Container.get(PollTriggerExecutor).create(workflow, node, context, () => true);
	await executePoll(options.tick === 'activation');
	if (pollError) throw pollError;
	const inMemory = () => JSON.parse(JSON.stringify(workflow.getStaticData('node', node))) as IDataObject;
	return { items: emitted?.[0] ?? null, staticData: durable ? committed : inMemory() };
}
