/**
 * The DI container and configuration classes that n8n-core itself uses.
 *
 * They must come from n8n-core's own dependency tree, not from a plain `import '@n8n/di'`: this
 * repository also has older hoisted copies (pulled in by @n8n/node-cli), and n8n-core nests its
 * newer ones under `n8n-core/node_modules`. A second copy means a second, empty container that
 * n8n-core never looks at. Resolving from n8n-core's location picks the right copy whatever the
 * install layout. Types are declared locally, narrowed to what the harness uses, so the
 * type-check does not lean on packages this repository does not declare.
 */
import { createRequire } from 'node:module';

type Token<T> = abstract new (...args: never[]) => T;

export interface DiContainer {
	get<T>(token: Token<T>): T;
	set<T>(token: Token<T>, instance: T): void;
}

/** `@n8n/config`'s settings for the instance folder; read when `InstanceSettings` is built. */
export interface InstanceSettingsConfig {
	n8nFolder: string;
	userHome: string;
	encryptionKey: string;
}

export interface GlobalConfig {
	logging: { level: string };
}

const requireFromCore = createRequire(require.resolve('n8n-core'));

export const { Container } = requireFromCore('@n8n/di') as { Container: DiContainer };

export const { GlobalConfig, InstanceSettingsConfig } = requireFromCore('@n8n/config') as {
	GlobalConfig: Token<GlobalConfig>;
	InstanceSettingsConfig: Token<InstanceSettingsConfig>;
};
