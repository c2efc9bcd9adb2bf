/**
 * The set-up most e2e files share: the file's own sandbox (started before n8n is prepared, closed
 * after the file), a credential that reaches it, the file's workflows imported into n8n (the shared
 * n8n unless the file asks for its own), and the sandbox's request log cleared before each test.
 */
import type { Sandbox, SandboxOptions } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { useN8n, type UseN8nOptions } from './jest';
import type { CredentialData, CredentialImport, N8nInstance, WorkflowJson } from './n8nInstance';

export interface SandboxN8nOptions {
	/** the sandbox's options (rate limit, latency, ...) */
	sandbox?: SandboxOptions;
	/** the credential's id and name, as the file's workflows name it */
	credential: Pick<CredentialImport, 'id' | 'name'>;
	/** the credential's fields besides the sandbox's address and API key (API version, pacing) */
	credentialData?: Omit<Partial<CredentialData>, 'apiKey' | 'baseUrl'>;
	/** more credentials, imported with it (a second sandbox the file starts itself, in a beforeAll before this call) */
	moreCredentials?: () => CredentialImport[];
	/** the file's workflows, made once the sandbox is up (a file keeps what it reads from its universe) */
	workflows: (sandbox: Sandbox) => WorkflowJson[] | Promise<WorkflowJson[]>;
	/** what follows the import (publishing a trigger) */
	afterImport?: (n8n: N8nInstance, sandbox: Sandbox) => Promise<void>;
	/** clear the sandbox's request log before each test (the default); false keeps what `afterImport` caused */
	clearBeforeEach?: boolean;
	/** how the file gets its n8n: the shared one by default (`{ shared: true }`) */
	n8n?: Omit<UseN8nOptions, 'prepare'>;
}

/**
 * Registers the hooks; returns the sandbox (a stand-in that forwards to the started one, so it can be
 * held in a `const` before it exists) and the getter of the n8n instance.
 */
export function useSandboxN8n(options: SandboxN8nOptions): { sandbox: Sandbox; n8n: () => N8nInstance } {
	let current: Sandbox | undefined;
	const started = (): Sandbox => {
		if (!current) throw new Error('The sandbox starts in beforeAll: use it inside a test or hook');
		return current;
	};
	beforeAll(async () => {
		current = await startSandbox(options.sandbox);
	});
	afterAll(async () => await current?.close());

	const n8n = useN8n({
		...(options.n8n ?? { shared: true }),
		prepare: async (instance) => {
			const sandbox = started();
			const credential: CredentialImport = {
				...options.credential,
				data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, ...options.credentialData },
			};
			await instance.importCredentials([credential, ...(options.moreCredentials?.() ?? [])]);
			await instance.importWorkflows(await options.workflows(sandbox));
			await options.afterImport?.(instance, sandbox);
		},
	});
	if (options.clearBeforeEach !== false) beforeEach(() => started().clearRequests());

	const sandbox = new Proxy({} as Sandbox, {
		get(_target, key) {
			const target = started();
			const value: unknown = Reflect.get(target, key, target);
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
	return { sandbox, n8n };
}
