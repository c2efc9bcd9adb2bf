/**
 * Jest wiring for e2e test files: one real n8n per `describe` block, created in `beforeAll`
 * (which also installs n8n into the cache on a fresh machine: minutes, hence the e2e timeout)
 * and disposed in `afterAll`, so test files run one after another without leftovers.
 */
import { N8nInstance, type N8nInstanceOptions } from './n8nInstance';

export interface UseN8nOptions extends N8nInstanceOptions {
	/** Also run `n8n start` and create the owner (needed for REST, credential tests, triggers). */
	start?: boolean;
	/** Import credentials and workflows, publish: by default after creation and before `start`. */
	prepare?: (n8n: N8nInstance) => Promise<void>;
	/**
	 * Run `prepare` once n8n has started (with `start`): workflows are then imported and published
	 * over the REST API instead of one n8n CLI process each, and a published trigger is activated
	 * moments after its `publish()` returns (n8n's publication outbox) rather than when n8n starts:
	 * tests wait for the effect.
	 */
	prepareAfterStart?: boolean;
}

/** Registers beforeAll/afterAll hooks; returns a getter for the instance (valid inside tests). */
export function useN8n(options: UseN8nOptions = {}): () => N8nInstance {
	let instance: N8nInstance | undefined;
	beforeAll(async () => {
		if (options.prepareAfterStart && !options.start) throw new Error('prepareAfterStart needs start: true');
		instance = await N8nInstance.create({ log: (message) => process.stderr.write(`[e2e] ${message}\n`), ...options });
		if (!options.prepareAfterStart) await options.prepare?.(instance);
		if (options.start) {
			await instance.start();
			await instance.setupOwner();
		}
		if (options.prepareAfterStart) await options.prepare?.(instance);
	});
	afterAll(async () => {
		await instance?.dispose();
	});
	return () => {
		if (!instance) throw new Error('n8n is not available: its beforeAll failed (see the first error above)');
		return instance;
	};
}
