/**
 * Look Up Filter Values as an MCP tool in a real n8n 2.41 with the packed package installed: the
 * node's tool variant, attached to an MCP Server Trigger, is listed to an MCP client with its
 * description and arguments. Its calls, the filter pickers and a look-up feeding a search (API v1):
 * autocomplete.v1.test.ts.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { IDataObject } from 'n8n-workflow';

import { TOOL_DESCRIPTION } from '../../nodes/LookUpFilterValues/actions/lookUp.operation';
import { startSandbox, type Sandbox } from '../sandbox';
import { CREDENTIAL, mcpWorkflow } from './autocomplete.cases';
import { useN8n } from './harness/jest';
import { connectMcpClient } from './support/mcpClient';

const MCP_WORKFLOW_ID = 'e2eLookUpMcp0001';
const MCP_PATH = 'look-up-filter-values';
const MCP_WEBHOOK_ID = '5b0e7c1a-2d3f-4a5b-8c6d-7e8f9a0b1c2d';

describe('Look Up Filter Values as an MCP tool in real n8n', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			await instance.importWorkflow(mcpWorkflow(MCP_WORKFLOW_ID, MCP_PATH, MCP_WEBHOOK_ID));
			await instance.publish(MCP_WORKFLOW_ID);
		},
	});

	let client: Client;
	beforeAll(async () => {
		client = await connectMcpClient(n8n().baseUrl, MCP_PATH, 'e2e-lookup-client');
	});
	afterAll(async () => {
		await client?.close();
		await sandbox?.close();
	});

	test('lists the tool with its description and the field and query arguments', async () => {
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name)).toEqual(['Look_Up_Filter_Values']);
		expect(tools[0].description).toBe(TOOL_DESCRIPTION);
		const schema = tools[0].inputSchema as { properties?: Record<string, IDataObject>; required?: string[] };
		expect(Object.keys(schema.properties ?? {}).sort()).toEqual(['field', 'query']);
		expect(schema.required).toEqual(['field']);
	});
});
