/**
 * What autocomplete.test.ts and autocomplete.v1.test.ts share: the credential, and the Look Up
 * Filter Values tool behind an MCP Server Trigger (each file publishes its own, under an id, path
 * and webhook id of its own: the run's shared n8n holds both).
 */
import type { WorkflowJson } from './harness/n8nInstance';

export const CREDENTIAL = { id: 'autocompleteCred01', name: 'Business Prospect Data (sandbox)' };
export const PACKAGE = 'n8n-nodes-business-prospect-data';

/** An MCP Server Trigger at `path` with the tool variant of Look Up Filter Values attached. */
export function mcpWorkflow(id: string, path: string, webhookId: string): WorkflowJson {
	return {
		id: id,
		name: 'Look Up Filter Values over MCP',
		nodes: [
			{
				id: `${id}-0`,
				name: 'MCP Server Trigger',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [0, 0],
				webhookId,
				parameters: { path },
			},
			{
				id: `${id}-1`,
				name: 'Look Up Filter Values',
				type: `${PACKAGE}.lookUpFilterValuesTool`,
				typeVersion: 1,
				position: [0, 240],
				parameters: {},
				credentials: { businessProspectDataApi: CREDENTIAL },
			},
		],
		connections: { 'Look Up Filter Values': { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		active: false,
	};
}
