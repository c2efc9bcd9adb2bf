/**
 * Jest wiring for e2e test files: a real n8n per `describe` block, created in `beforeAll` (which
 * also installs n8n into the cache on a fresh machine: minutes, hence the e2e timeout) and
 * disposed in `afterAll`; or, with `shared`, the run's one shared n8n, on which a block leaves
 * nothing published when it ends.
 */
import { N8nInstance, type N8nInstanceOptions } from './n8nInstance';
import { sharedN8n } from './sharedN8n';

export interface UseN8nOptions extends N8nInstanceOptions {
	/**
	 * Use the run's shared n8n 2.x (sharedN8n.ts), already started, instead of starting one: for a
	 * file that needs no settings of its own, no restart and no look into the user folder. `prepare`
	 * runs on it over the REST API. Outside a Jest run of the e2e project, an n8n of its own.
	 */
	shared?: boolean;
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
	const log = (message: string) => process.stderr.write(`[e2e] ${message}\n`);
	beforeAll(async () => {
		if (options.prepareAfterStart && !options.start) throw new Error('prepareAfterStart needs start: true');
		if (options.shared) {
			const own = (['line', 'userFolder', 'port', 'env', 'tarball', 'start', 'prepareAfterStart'] as const).filter((key) => options[key] !== undefined);
			if (own.length > 0) throw new Error(`A shared n8n takes none of ${own.join(', ')}`);
			instance = await sharedN8n(log);
			if (instance) {
				await instance.setupOwner();
				await options.prepare?.(instance);
				return;
			}
		}
		const settings = options.shared ? { ...options, start: true, prepareAfterStart: true } : options;
		instance = await N8nInstance.create({ log, ...settings });
		if (!settings.prepareAfterStart) await settings.prepare?.(instance);
		if (settings.start) {
			await instance.start();
			await instance.setupOwner();
		}
		if (settings.prepareAfterStart) await settings.prepare?.(instance);
	});
	afterAll(async () => {
		await instance?.dispose();
	});
	return () => {
		if (!instance) throw new Error('n8n is not available: its beforeAll failed (see the first error above)');
		return instance;
	};
}
