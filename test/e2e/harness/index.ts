/**
 * Real-n8n test harness. Start here:
 *   - useN8n()           Jest hooks: one n8n per describe block (install, pack, start, dispose)
 *   - N8nInstance        import credentials/workflows, execute, start/stop, REST, credential test
 *   - ExecutionResult    items, errors and status of one execution
 *   - ensureN8nInstalled the cached n8n install of a line (N8N_LINES; N8N_VERSION is the current one)
 *   - QueueModeN8n       queue mode on n8n's production topology: Redis, PostgreSQL, main, a webhook
 *                        processor and `n8n worker` processes sharing one user folder
 */
export { useN8n, type UseN8nOptions } from './jest';
export {
	CREDENTIAL_TYPE,
	DEFAULT_OWNER,
	N8nInstance,
	PACKAGE_NAME,
	type CredentialData,
	type CredentialImport,
	type ExecutionSummary,
	type N8nInstanceOptions,
	type WorkflowJson,
} from './n8nInstance';
export { ExecutionResult, parseExecuteOutput, type ExecutionErrorSummary, type NodeRun } from './executionResult';
export { ensureN8nInstalled, isN8nInstalled, N8N_LINES, N8N_VERSION, n8nInstallDir, type N8nInstall, type N8nLine } from './n8nInstall';
export { loadExampleWorkflows, type ExampleWorkflow } from './exampleWorkflows';
export { packPackage } from './packPackage';
export { freePort, waitFor } from './processes';
export { N8nRestClient, RestError, type OwnerAccount } from './restClient';
export { QueueModeN8n, startRedis, type QueueModeOptions, type RedisServer } from './queueMode';
export { startPostgres, type PostgresServer } from './postgres';
