/**
 * Turns workflow JSON (as exported from n8n) and test options into n8n's `Workflow` plus the
 * credentials helper that goes with it; shared by `runWorkflow` and `runPoll`.
 */
import type {
	IConnections,
	IDataObject,
	INode,
	IPinData,
	IWorkflowSettings,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { standardNodeTypes } from '../fixtures';
import { type CredentialsStore, EngineCredentialsHelper } from './credentialsHelper';
import { type AnyNodeType, NodeRegistry } from './nodeRegistry';

/** A node as in exported workflow JSON; `id` and `position` may be left out in tests. */
export type WorkflowNode = Omit<INode, 'id' | 'position'> & Partial<Pick<INode, 'id' | 'position'>>;

export interface WorkflowJson {
	nodes: WorkflowNode[];
	connections: IConnections;
	settings?: IWorkflowSettings;
	pinData?: IPinData;
}

export type BusinessProspectDataCredentials = {
	apiKey: string;
	baseUrl: string;
	partnerId?: string;
	maxRequestsPerMinute?: number;
	/** "API Version": auto (the default), v1 or v2 */
	apiVersion?: string;
};

export interface EngineOptions {
	/**
	 * Decrypted credential data by type. Nodes whose type declares a given credential and that
	 * have none selected get it attached, as if the user had picked it in the editor.
	 */
	credentials?: { businessProspectDataApi?: BusinessProspectDataCredentials };
	/** 'manual' (default) is a run from the editor; 'trigger' a production run of an active workflow. */
	mode?: WorkflowExecuteMode;
	/** the workflow's static data before the run (`{ node:<name>: {...} }` for node static data) */
	staticData?: IDataObject;
	/** extra node types by full type name, e.g. test-only probes */
	nodeTypes?: Record<string, AnyNodeType>;
}

export interface PreparedWorkflow {
	workflow: Workflow;
	credentialsHelper: EngineCredentialsHelper;
}

export function buildWorkflow(json: WorkflowJson, options: EngineOptions): PreparedWorkflow {
	const registry = new NodeRegistry({ ...standardNodeTypes(), ...options.nodeTypes });
	const credentials = (options.credentials ?? {}) as CredentialsStore;
	// Copies: `Workflow` fills parameter defaults into the nodes it is given, and tests reuse
	// their workflow constants.
	const nodes = structuredClone(json.nodes).map((node, index) =>
		attachCredentials({ ...node, id: node.id ?? `node-${index}`, position: node.position ?? [0, 0] }, registry, credentials),
	);
	const workflow = new Workflow({
		id: 'engine-workflow',
		name: 'Engine test workflow',
		nodes,
		connections: json.connections,
		active: false,
		nodeTypes: registry,
		staticData: structuredClone(options.staticData ?? {}),
		// Workflows created in n8n 1.x and later run in 'v1' order; without the setting n8n
		// falls back to the legacy order meant for old workflows.
		settings: { executionOrder: 'v1', ...json.settings },
	});
	const credentialsHelper = new EngineCredentialsHelper(
		(name) => registry.getCredentialType(name),
		credentials,
	);
	return { workflow, credentialsHelper };
}

function attachCredentials(node: INode, registry: NodeRegistry, credentials: CredentialsStore): INode {
	const declared = registry.getByNameAndVersion(node.type, node.typeVersion).description.credentials ?? [];
	for (const { name } of declared) {
		if (credentials[name] === undefined || node.credentials?.[name]) continue;
		node.credentials = { ...node.credentials, [name]: { id: `credential-${name}`, name } };
	}
	return node;
}
