/**
 * What credentials.test.ts and credentials.v1.test.ts share: the credential test's path for a
 * credential as stored, checked against the path expected for its API version.
 */
import type { INode, INodeTypes } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { BusinessProspectDataApi } from '../../credentials/BusinessProspectDataApi.credentials';

const credential = new BusinessProspectDataApi();

/**
 * The test request's path for a credential as stored (n8n fills in the defaults, then resolves the
 * request's expressions with $credentials, as its RoutingNode does for a credential test).
 */
function testPathFor(stored: Record<string, unknown>): unknown {
	const data = NodeHelpers.getNodeParameters(credential.properties, stored as never, true, false, null, null);
	const node: INode = { id: 't', name: 'Temp-Node', type: 'x.noOp', typeVersion: 1, position: [0, 0], parameters: {} };
	const type = { description: { properties: [] } };
	const nodeTypes = { getByName: () => type, getByNameAndVersion: () => type, getKnownTypes: () => ({}) } as unknown as INodeTypes;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, credential.test.request.url as string, 'internal', { $credentials: data });
}

export function checksThePath(stored: Record<string, unknown>, path: string): void {
	expect(testPathFor({ apiKey: 'k', baseUrl: 'https://api.example.com', ...stored })).toBe(path);
}
