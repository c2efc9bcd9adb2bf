/**
 * The node folders keep one layout (docs/development.md, "Layout"; issue 29): at a node's root only
 * its class, its codex and the folders actions/, helpers/ and methods/. package.json's "n8n" section
 * names each class's compiled path, so the class stays at the root under the folder's name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const NODES = path.resolve(__dirname, '../../nodes');
const FOLDERS = ['actions', 'helpers', 'methods'];

/** What at a node folder's root is not the layout's, given its name and entries. */
function outOfLayout(node: string, entries: { name: string; isDirectory: boolean }[]): string[] {
	const allowed = (entry: { name: string; isDirectory: boolean }) =>
		entry.isDirectory ? FOLDERS.includes(entry.name) : [`${node}.node.ts`, `${node}.node.json`].includes(entry.name);
	return entries.filter((entry) => !allowed(entry)).map((entry) => `${node}/${entry.name}`);
}

const nodeFolders = readdirSync(NODES, { withFileTypes: true })
	.filter((entry) => entry.isDirectory() && entry.name !== 'shared')
	.map((entry) => entry.name)
	.sort();

describe('the node folders', () => {
	it('hold only the class, the codex, actions/, helpers/ and methods/ at their root', () => {
		const strays = nodeFolders.flatMap((node) =>
			outOfLayout(
				node,
				readdirSync(path.join(NODES, node), { withFileTypes: true }).map((entry) => ({ name: entry.name, isDirectory: entry.isDirectory() })),
			),
		);
		expect(strays).toEqual([]);
	});

	it('each have actions/ and are the nodes package.json names, at the same dist/ paths', () => {
		expect(nodeFolders.filter((node) => !readdirSync(path.join(NODES, node)).includes('actions'))).toEqual([]);
		const { n8n } = JSON.parse(readFileSync(path.resolve(NODES, '../package.json'), 'utf8')) as { n8n: { nodes: string[] } };
		expect([...n8n.nodes].sort()).toEqual(nodeFolders.map((node) => `dist/nodes/${node}/${node}.node.js`));
	});

	it('would name a helper left at the root, or a class not named after its folder', () => {
		const entries = [
			{ name: 'Enrich.node.ts', isDirectory: false },
			{ name: 'Enrich.node.json', isDirectory: false },
			{ name: 'output.ts', isDirectory: false },
			{ name: 'helpers', isDirectory: true },
			{ name: 'transport', isDirectory: true },
		];
		expect(outOfLayout('Enrich', entries)).toEqual(['Enrich/output.ts', 'Enrich/transport']);
		expect(outOfLayout('Enrichment', entries.slice(0, 1))).toEqual(['Enrichment/Enrich.node.ts']);
	});
});
