/**
 * What smoke.test.ts and smoke.v1.test.ts share: n8n's HTTP Request node signing its request with
 * this package's credential.
 */
import { randomUUID } from 'node:crypto';

import { CREDENTIAL_TYPE } from './harness/n8nInstance';

export const SMOKE_CREDENTIAL = { id: 'smokeCredential1', name: 'Business Prospect Data (sandbox)' };

/** n8n's HTTP Request node signing its request with this package's credential. */
export const httpRequestWorkflow = (credential: { id: string; name: string }, id: string, options: Record<string, unknown> = {}) => ({
	id,
	name: `HTTP Request node with the credential (${id})`,
	nodes: [
		{ id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: randomUUID(),
			name: 'HTTP Request',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			position: [220, 0],
			parameters: {
				url: '', // set in prepare, once the sandbox listens
				authentication: 'predefinedCredentialType',
				nodeCredentialType: CREDENTIAL_TYPE,
				options,
			},
			credentials: { [CREDENTIAL_TYPE]: credential },
		},
	],
	connections: { Start: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } },
});
