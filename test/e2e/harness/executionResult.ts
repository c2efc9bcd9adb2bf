/**
 * The outcome of one workflow execution in real n8n, from `n8n execute --rawOutput` or from the
 * REST API, with accessors for what tests assert on: items per node, node errors, status.
 */
import type { IDataObject, INodeExecutionData, IRun, ITaskData } from 'n8n-workflow';

/** The error of a node or of the workflow, reduced to what tests and failure messages need. */
export interface ExecutionErrorSummary {
	message: string;
	description?: string;
	/** NodeApiError's HTTP status, as a string (n8n stores it that way). */
	httpCode?: string;
	/** NodeApiError, NodeOperationError, ... */
	name?: string;
	/** Name of the node that failed, for a workflow-level error. */
	node?: string;
}

export interface NodeRun {
	status?: string;
	/** Items on each main output (index 0 is the usual single output). */
	outputs: INodeExecutionData[][];
	error?: ExecutionErrorSummary;
}

export class ExecutionResult {
	constructor(
		/** The IRun object as n8n printed or stored it. */
		readonly run: IRun,
		/** Diagnostics: what the command printed (empty for executions read over REST). */
		readonly diagnostics: { exitCode?: number | string; stdout?: string; stderr?: string } = {},
	) {}

	/** n8n's execution status: 'success', 'error', 'canceled', ... */
	get status(): string {
		return this.run.status;
	}

	/** The workflow-level error (set when a node failed without continueOnFail). */
	get error(): ExecutionErrorSummary | undefined {
		const error = this.run.data.resultData.error;
		return error ? summarize(error as unknown as IDataObject) : undefined;
	}

	/** Names of the nodes that ran, in order of execution. */
	get executedNodes(): string[] {
		const runData = this.run.data.resultData.runData;
		return Object.keys(runData).sort(
			(a, b) => (runData[a][0]?.executionIndex ?? 0) - (runData[b][0]?.executionIndex ?? 0),
		);
	}

	/** Every run of a node (more than one in loops). Throws when the node did not run. */
	runs(nodeName: string): NodeRun[] {
		const runs = this.run.data.resultData.runData[nodeName];
		if (!runs) {
			throw new Error(`Node "${nodeName}" did not run. Nodes that ran: ${this.executedNodes.join(', ') || 'none'}.${this.describeError()}`);
		}
		return runs.map(toNodeRun);
	}

	/** The full items (json, pairedItem, binary) a node emitted on one output. */
	output(nodeName: string, outputIndex = 0, runIndex = 0): INodeExecutionData[] {
		const run = this.runs(nodeName)[runIndex];
		if (!run) throw new Error(`Node "${nodeName}" has no run ${runIndex}`);
		return run.outputs[outputIndex] ?? [];
	}

	/** The json of the items a node emitted on one output. */
	items(nodeName: string, outputIndex = 0, runIndex = 0): IDataObject[] {
		return this.output(nodeName, outputIndex, runIndex).map((item) => item.json);
	}

	/** The error a node failed with, if any. */
	nodeError(nodeName: string, runIndex = 0): ExecutionErrorSummary | undefined {
		return this.runs(nodeName)[runIndex]?.error;
	}

	/** A one-paragraph explanation of a failure, for assertion messages. */
	describeError(): string {
		const error = this.error;
		if (!error) return '';
		const where = error.node ? ` in node "${error.node}"` : '';
		const http = error.httpCode ? ` (HTTP ${error.httpCode})` : '';
		return ` Execution failed${where}${http}: ${error.message}${error.description ? ` - ${error.description}` : ''}`;
	}
}

function toNodeRun(task: ITaskData): NodeRun {
	return {
		status: task.executionStatus,
		outputs: (task.data?.main ?? []).map((items) => items ?? []),
		error: task.error ? summarize(task.error as unknown as IDataObject) : undefined,
	};
}

function summarize(error: IDataObject): ExecutionErrorSummary {
	const node = error.node as IDataObject | undefined;
	return {
		message: String(error.message ?? ''),
		description: typeof error.description === 'string' ? error.description : undefined,
		httpCode: error.httpCode !== undefined && error.httpCode !== null ? String(error.httpCode) : undefined,
		name: typeof error.name === 'string' ? error.name : undefined,
		node: typeof node?.name === 'string' ? node.name : undefined,
	};
}

/**
 * Extracts the IRun JSON from what `n8n execute --rawOutput` printed. Log lines come first; the
 * pretty-printed JSON starts at a line `{` and ends at a line `}` (nested lines are indented);
 * on failure n8n prints it (at info level) followed by more log lines about the error.
 */
export function parseExecuteOutput(stdout: string): IRun | undefined {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line.startsWith('{'));
	if (start === -1) return undefined;
	for (let end = start; end < lines.length; end++) {
		if (end !== start && !lines[end].startsWith('}')) continue;
		try {
			return JSON.parse(lines.slice(start, end + 1).join('\n')) as IRun;
		} catch {
			// A `}` line inside a multi-line string value; keep looking.
		}
	}
	return undefined;
}
