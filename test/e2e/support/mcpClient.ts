/**
 * An MCP client connected to a published MCP Server Trigger of a running n8n. n8n's readiness
 * check can answer before a published workflow's webhooks are registered, so the first
 * connections may be refused: it retries for up to 30 s.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { waitFor } from '../harness/processes';

export async function connectMcpClient(baseUrl: string, path: string, clientName: string): Promise<Client> {
	const url = new URL(`${baseUrl}/mcp/${path}`);
	return await waitFor(
		'the MCP server to accept a connection',
		async () => {
			const candidate = new Client({ name: clientName, version: '1.0.0' });
			try {
				await candidate.connect(new StreamableHTTPClientTransport(url));
				return candidate;
			} catch {
				await candidate.close().catch(() => undefined);
				return undefined;
			}
		},
		{ timeoutMs: 30_000, intervalMs: 500 },
	);
}
