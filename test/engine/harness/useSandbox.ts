/** A test file's own sandbox, and the credential that reaches it: what nearly every engine test file sets up. */
import { LIMITS } from '../../../nodes/shared/api';
import type { Sandbox, SandboxOptions } from '../../sandbox';
import { startSandbox } from '../../sandbox';

/**
 * The engine suites' sandbox meters requests unless a file asks otherwise: they are about what
 * the nodes send, not about the rate (queryMetering.test.ts and the rate tests name their limit).
 */
const ENGINE_RATE_LIMIT: SandboxOptions['rateLimit'] = { ...LIMITS.rateLimit, metering: 'requests' };

/** A credential's pacing that never binds: for a sandbox without a query limit, where nothing is about the rate. */
export const UNPACED = 1_000_000;
import type { BusinessProspectDataCredentials } from './buildWorkflow';

/**
 * Registers the hooks of a test file's sandbox: started before its tests, closed after them, its
 * request log cleared (and `reset` run) before each test. Call it at the top of a test file, or
 * of a setup module a test file imports. Returns the sandbox: a stand-in that forwards to the
 * started one, so it can be held in a `const` before the sandbox exists.
 */
export function useSandbox(options?: SandboxOptions, reset?: (sandbox: Sandbox) => void): Sandbox {
	let current: Sandbox | undefined;
	const started = (): Sandbox => {
		if (!current) throw new Error('The sandbox starts in beforeAll: use it inside a test or hook');
		return current;
	};
	beforeAll(async () => {
		current = await startSandbox({ rateLimit: ENGINE_RATE_LIMIT, ...options });
	});
	afterAll(async () => await current?.close());
	beforeEach(() => {
		started().clearRequests();
		reset?.(started());
	});
	return new Proxy({} as Sandbox, {
		get(_target, key) {
			const sandbox = started();
			const value: unknown = Reflect.get(sandbox, key, sandbox);
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(sandbox) : value;
		},
	});
}

/** The run's credentials: the sandbox's address and API key, unless the test overrides them. */
export function sandboxCredentials(
	sandbox: Sandbox,
	overrides: Partial<BusinessProspectDataCredentials> = {},
): { businessProspectDataApi: BusinessProspectDataCredentials } {
	// a sandbox without a limit, or counting requests (the older text), is no reason for the client to
	// pace queries: the suite is about what is sent, and the service's headers still pace it
	const limit = sandbox.rateLimit;
	const pacing = limit === false || limit.metering === 'requests' ? { maxRequestsPerMinute: UNPACED } : {};
	return { businessProspectDataApi: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, ...pacing, ...overrides } };
}
