/**
 * The credentials helper n8n-core calls for `getCredentials` and `httpRequestWithAuthentication`,
 * over an in-memory store of decrypted credential data given by the test.
 *
 * The n8n server's helper (packages/cli/src/credentials-helper.ts) lives outside n8n-core, so the
 * part that shapes what a node and the remote service see is reproduced from it, step for step:
 * the credential type's defaults fill missing fields, expressions in the data are resolved against
 * the running item, and `authenticate` is applied (a function is called; a generic definition has
 * its `={{$credentials.x}}` expressions resolved by the workflow's expression engine and merged
 * into the request). What only concerns the server's storage (database, encryption at rest,
 * overwrites, external secrets, dynamic and OAuth credentials) is left out and fails loudly.
 */
import { getAdditionalKeys } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialsExpressionResolveValues,
	ICredentialType,
	IDataObject,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, isExpression, NodeHelpers, UnexpectedError } from 'n8n-workflow';

/** Decrypted credential data by credential type name, e.g. `{ businessProspectDataApi: { apiKey, baseUrl } }`. */
export type CredentialsStore = Record<string, ICredentialDataDecryptedObject>;

export class EngineCredentialsHelper extends ICredentialsHelper {
	/** how often a node made n8n load and decrypt a credential (the server reads its database each time) */
	decryptions = 0;

	constructor(
		private readonly credentialType: (name: string) => ICredentialType,
		private readonly store: CredentialsStore,
	) {
		super();
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		this.decryptions++;
		const stored = this.store[type];
		if (stored === undefined) {
			throw new UnexpectedError(`The engine harness was given no credentials of type "${type}"`);
		}
		// A copy, as the server decrypts afresh for every call: a node mutating what it got must
		// not change what the next call sees.
		const data = structuredClone(stored);
		if (raw === true) return data;

		const withDefaults = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			data as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		// Outside an execution (a poll) the server resolves against an empty mock workflow; tests
		// give literal values there, so resolving is only needed inside executions.
		if (!expressionResolveValues) return withDefaults;

		const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } =
			expressionResolveValues;
		return workflow.expression.getParameterValue(
			withDefaults as INodeParameters,
			runExecutionData,
			runIndex,
			itemIndex,
			node.name,
			connectionInputData,
			mode,
			getAdditionalKeys(additionalData, mode, null, { isCredential: true }),
			executeData,
			false,
			withDefaults,
		) as ICredentialDataDecryptedObject;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.credentialType(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type !== 'generic') return requestOptions as IHttpRequestOptions;
		if (!workflow || !node) {
			throw new UnexpectedError('Workflow and node are required for declarative credential authentication');
		}

		const resolve = (value: string): string => {
			if (!isExpression(value)) return value;
			const resolved = workflow.expression.getSimpleParameterValue(
				node,
				value,
				'internal',
				{ $credentials: credentials },
				undefined,
				'',
			);
			return resolved ? String(resolved) : '';
		};
		requestOptions.headers ??= {};
		const request = requestOptions as unknown as Record<string, IDataObject | undefined>;
		for (const [target, entries] of Object.entries(authenticate.properties)) {
			const resolvedTarget = (request[target] ??= {});
			for (const [key, value] of Object.entries(entries as Record<string, string>)) {
				resolvedTarget[resolve(key)] = resolve(value);
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.credentialType(type);
		if (!credentialType.extends) return credentialType.properties;
		const combined: INodeProperties[] = [];
		for (const parent of credentialType.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}

	getParentTypes(name: string): string[] {
		const parents = this.credentialType(name).extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	isCredentialUsableByNode(credentialType: string): boolean {
		if (this.credentialType(credentialType).restrictToSupportedNodes) {
			throw this.unsupported('credential types restricted to supported nodes');
		}
		return true;
	}

	// A credential type without `preAuthentication` (such as this package's) needs nothing here;
	// token-fetching credentials would need the server's refresh-and-store logic.
	async preAuthentication(
		_helpers: IHttpRequestHelper,
		_credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		if (this.credentialType(typeName).preAuthentication) throw this.unsupported('preAuthentication');
		return undefined;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return await this.preAuthentication(helpers, credentials, typeName);
	}

	async getCredentials(): Promise<ICredentials> {
		throw this.unsupported('reading stored (encrypted) credentials');
	}

	async updateCredentials(): Promise<void> {
		throw this.unsupported('updating stored credentials');
	}

	async updateCredentialsOauthTokenData(): Promise<void> {
		throw this.unsupported('storing OAuth tokens');
	}

	private unsupported(what: string): Error {
		return new UnexpectedError(`The engine harness does not support ${what}`);
	}
}
