/**
 * The per-execution services the n8n server hands to `WorkflowExecute` (see
 * `getBase` in packages/cli/src/workflow-execute-additional-data.ts). Only what a community node
 * can reach without a server is real here; sub-workflows, task runners (Code node) and AI
 * features throw, so a test that needs them fails with a clear message instead of misbehaving.
 */
import { ExternalSecretsProxy, type ExecutionLifecycleHooks } from 'n8n-core';
import type { ICredentialsHelper, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

/** Where a local n8n would listen; only used to build URLs such as `$execution.resumeUrl`. */
const INSTANCE_URL = 'http://localhost:5678';

function unsupported(feature: string) {
	return async (): Promise<never> => {
		throw new UnexpectedError(`${feature} is not supported by the engine harness`);
	};
}

export function createAdditionalData(options: {
	credentialsHelper: ICredentialsHelper;
	hooks?: ExecutionLifecycleHooks;
	executionId?: string;
	/** when n8n ends the execution for its timeout (its WorkflowRunner sets it from the workflow's settings) */
	executionTimeoutTimestamp?: number;
}): IWorkflowExecuteAdditionalData {
	return {
		...options,
		executeWorkflow: unsupported('Executing a sub-workflow'),
		startRunnerTask: unsupported('Running code in a task runner'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => undefined,
		externalSecretsProxy: new ExternalSecretsProxy(),
		currentNodeExecutionIndex: 0,
		variables: {},
		restApiUrl: `${INSTANCE_URL}/rest`,
		instanceBaseUrl: INSTANCE_URL,
		formBaseUrl: `${INSTANCE_URL}/form`,
		formWaitingBaseUrl: `${INSTANCE_URL}/form-waiting`,
		formTestBaseUrl: `${INSTANCE_URL}/form-test`,
		webhookBaseUrl: `${INSTANCE_URL}/webhook`,
		webhookWaitingBaseUrl: `${INSTANCE_URL}/webhook-waiting`,
		webhookTestBaseUrl: `${INSTANCE_URL}/webhook-test`,
		mcpBaseUrl: `${INSTANCE_URL}/mcp`,
		mcpTestBaseUrl: `${INSTANCE_URL}/mcp-test`,
	};
}
