/** Read access to the result of one `WorkflowExecute` run, in the terms a test asserts on. */
import type {
	ExecutionBaseError,
	IDataObject,
	INodeExecutionData,
	IPairedItemData,
	IRun,
	IRunData,
} from 'n8n-workflow';

/** The error that stopped the workflow, flattened from n8n's NodeApiError / NodeOperationError. */
export interface EngineError {
	message: string;
	description?: string | null;
	/** the input item the node was working on, when the node said so */
	itemIndex?: number;
	/** HTTP status as a string, as n8n stores it (NodeApiError only) */
	httpCode?: string | null;
	/** name of the node that failed */
	node?: string;
	/** the error object itself, for anything else (`context`, `failure`, `cause`, ...) */
	original: ExecutionBaseError;
}

export class EngineRun {
	constructor(
		/** n8n's full result, as the server would store it */
		readonly raw: IRun,
		/** the workflow's static data after the run (the server saves it only outside manual runs) */
		readonly staticData: IDataObject,
		/** node names in the order they finished */
		readonly executedNodes: string[],
		/** credential decryptions the run asked n8n for */
		readonly credentialDecryptions = 0,
	) {}

	get runData(): IRunData {
		return this.raw.data.resultData.runData;
	}

	get error(): EngineError | undefined {
		const error = this.raw.data.resultData.error;
		if (!error) return undefined;
		const { message, description, context } = error;
		const fields = error as { httpCode?: string | null; node?: { name: string } };
		return {
			message,
			description,
			itemIndex: typeof context?.itemIndex === 'number' ? context.itemIndex : undefined,
			httpCode: fields.httpCode,
			node: fields.node?.name,
			original: error,
		};
	}

	/** Items on a node's output (main output 0 by default) in its last run. */
	output(nodeName: string, outputIndex = 0): INodeExecutionData[] {
		const runs = this.runData[nodeName];
		if (!runs?.length) {
			throw new Error(`Node "${nodeName}" did not run. Ran: ${this.executedNodes.join(', ') || 'nothing'}.${this.errorHint()}`);
		}
		const lastRun = runs[runs.length - 1];
		if (lastRun.error) throw new Error(`Node "${nodeName}" failed: ${lastRun.error.message}`);
		return lastRun.data?.main?.[outputIndex] ?? [];
	}

	/** Convenience: the `json` of each output item. */
	json(nodeName: string, outputIndex = 0): IDataObject[] {
		return this.output(nodeName, outputIndex).map((item) => item.json);
	}

	/**
	 * For each output item, the input items it is paired with, normalised to n8n's object form
	 * (`3` and `{ item: 3 }` both become `[{ item: 3 }]`; no pairing gives `[]`).
	 */
	pairedItems(nodeName: string, outputIndex = 0): IPairedItemData[][] {
		return this.output(nodeName, outputIndex).map(({ pairedItem }) => {
			if (pairedItem === undefined) return [];
			const list = Array.isArray(pairedItem) ? pairedItem : [pairedItem];
			return list.map((entry) => (typeof entry === 'number' ? { item: entry } : entry));
		});
	}

	private errorHint(): string {
		const { error } = this;
		return error ? ` The workflow failed in "${error.node ?? '?'}": ${error.message}` : '';
	}
}
