/**
 * What package.json promises n8n: the node types its `n8n.nodes` files define (including the
 * `<name>Tool` variants n8n generates for `usableAsTool` nodes) and its credential types.
 * Read from the built classes, so the expectation follows the manifest as nodes are added.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { INodeTypeDescription } from 'n8n-workflow';

import { REPO_ROOT } from '../harness/n8nInstall';

interface Manifest {
	name: string;
	n8n: { nodes: string[]; credentials: string[] };
}

export function readManifest(): Manifest {
	return JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;
}

/** Loads the class a manifest entry points at (the class name equals the file name, by n8n's rule). */
function loadClass(file: string): unknown {
	const className = path.basename(file).split('.')[0];
	const exported = require(path.join(REPO_ROOT, file)) as Record<string, new () => unknown>;
	const Class = exported[className];
	if (typeof Class !== 'function') throw new Error(`${file} does not export a class named ${className}`);
	return new Class();
}

/** Descriptions of every version of a node (a VersionedNodeType has several). */
function descriptionsOf(node: unknown): Array<Partial<INodeTypeDescription>> {
	const { description, nodeVersions } = node as {
		description: Partial<INodeTypeDescription>;
		nodeVersions?: Record<string, { description: Partial<INodeTypeDescription> }>;
	};
	return [description, ...Object.values(nodeVersions ?? {}).map((version) => version.description)];
}

/** Sorted full type names (`<package>.<name>`) n8n must list for this package's nodes. */
export function expectedNodeTypes(): string[] {
	const manifest = readManifest();
	const names = manifest.n8n.nodes.flatMap((file) => {
		const descriptions = descriptionsOf(loadClass(file));
		const name = descriptions[0].name;
		if (!name) throw new Error(`${file} has no description.name`);
		const tool = descriptions.some((d) => d.usableAsTool) ? [`${name}Tool`] : [];
		return [name, ...tool];
	});
	return names.map((name) => `${manifest.name}.${name}`).sort();
}

/** Each `n8n.credentials` class: its type name and the names of the fields it declares. */
export function expectedCredentialTypes(): Array<{ name: string; fields: string[] }> {
	return readManifest().n8n.credentials.map((file) => {
		const credential = loadClass(file) as { name: string; properties: Array<{ name: string }> };
		return { name: credential.name, fields: credential.properties.map((property) => property.name) };
	});
}
