/**
 * The node and credential types a harness workflow can use: this package's, loaded from its
 * TypeScript sources, plus test-only stand-ins (fixtures) registered under their full type name.
 */
import path from 'node:path';

import { PackageDirectoryLoader } from 'n8n-core';
import type { ICredentialType, IDataObject, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';

import { ensureEngine } from './engineSetup';

export const PACKAGE_ROOT = path.resolve(__dirname, '../../..');

export type AnyNodeType = INodeType | IVersionedNodeType;

/**
 * n8n-core's loader for installed community packages (reads package.json's `n8n` section,
 * validates descriptions, adds the polling parameters, finds codex files), pointed at the sources
 * so that tests need no build: `dist/nodes/X/X.node.js` is read as `nodes/X/X.node.ts`.
 */
class SourcePackageLoader extends PackageDirectoryLoader {
	protected resolvePath(file: string): string {
		return super.resolvePath(file.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
	}
}

export class NodeRegistry implements INodeTypes {
	private readonly nodeTypes = new Map<string, AnyNodeType>();

	private readonly credentialTypes = new Map<string, ICredentialType>();

	private packageName = '';

	/** Files listed in package.json that failed to load, with the reason. */
	readonly loadFailures: string[] = [];

	constructor(fixtures: Record<string, AnyNodeType> = {}) {
		ensureEngine();
		this.loadPackage();
		for (const [type, nodeType] of Object.entries(fixtures)) this.nodeTypes.set(type, nodeType);
	}

	getByName(type: string): AnyNodeType {
		const nodeType = this.nodeTypes.get(type);
		if (nodeType) return nodeType;
		const known = [...this.nodeTypes.keys()].join(', ');
		throw new UnexpectedError(`Unknown node type "${type}". Known: ${known}.${this.failuresHint()}`);
	}

	getByNameAndVersion(type: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(type), version);
	}

	getKnownTypes(): IDataObject {
		return Object.fromEntries([...this.nodeTypes.keys()].map((type) => [type, {}]));
	}

	getCredentialType(name: string): ICredentialType {
		const credentialType = this.credentialTypes.get(name);
		if (!credentialType) throw new UnexpectedError(`Unknown credential type "${name}".${this.failuresHint()}`);
		return credentialType;
	}

	/** Full type names of this package's nodes that loaded. */
	packageNodeTypes(): string[] {
		return [...this.nodeTypes.keys()].filter((type) => type.startsWith(`${this.packageName}.`));
	}

	/**
	 * Like `PackageDirectoryLoader.loadAll`, but one file at a time: nodes are written in
	 * parallel, and one that does not load yet must not break the tests of the others.
	 */
	private loadPackage(): void {
		const loader = new SourcePackageLoader(PACKAGE_ROOT);
		const { name, version, n8n } = loader.packageJson;
		this.packageName = name;
		for (const file of n8n?.nodes ?? []) {
			this.tryLoad(file, () => loader.loadNodeFromFile(file, version));
		}
		for (const file of n8n?.credentials ?? []) {
			this.tryLoad(file, () => loader.loadCredentialFromFile(file));
		}
		for (const [type, { type: nodeType }] of Object.entries(loader.nodeTypes)) {
			this.nodeTypes.set(`${name}.${type}`, nodeType);
		}
		for (const [type, { type: credentialType }] of Object.entries(loader.credentialTypes)) {
			this.credentialTypes.set(type, credentialType);
		}
	}

	private failuresHint(): string {
		return this.loadFailures.length ? ` Failed to load: ${this.loadFailures.join('; ')}` : '';
	}

	private tryLoad(file: string, load: () => void): void {
		try {
			load();
		} catch (error) {
			this.loadFailures.push(`${file}: ${(error as Error).message}`);
		}
	}
}
