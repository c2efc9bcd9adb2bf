/**
 * What users install: `npm pack` of the built package. Needs `npm run build` first (npm test
 * builds before the suites run).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

describe('the packed package', () => {
	let files: string[];
	beforeAll(() => {
		if (!existsSync(join(root, 'dist'))) throw new Error('dist/ is missing: run `npm run build` first');
		const [pack] = JSON.parse(
			execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' }),
		);
		files = pack.files.map((file: { path: string }) => file.path).sort();
	});

	it('holds only dist/, README, LICENSE and package.json', () => {
		const outside = files.filter((file) => !file.startsWith('dist/'));
		expect(outside).toEqual(['LICENSE', 'README.md', 'package.json']);
		expect(files.filter((file) => /\.tsbuildinfo$|^dist\/package\.json$|^dist\/test\//.test(file))).toEqual([]);
	});

	it('ships every node, credential and icon the manifest names', () => {
		for (const entry of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) expect(files).toContain(entry);
		for (const node of manifest.n8n.nodes as string[]) {
			expect(files).toContain(node.replace(/\.js$/, '.json'));
		}
		expect(files).toEqual(expect.arrayContaining(['dist/icons/businessProspectData.svg', 'dist/icons/businessProspectData.dark.svg']));
	});

	it('has no runtime dependencies and peers only on n8n-workflow', () => {
		expect(manifest.dependencies).toBeUndefined();
		expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(Object.keys(manifest.scripts)).not.toEqual(expect.arrayContaining(['prepare']));
		expect(Object.keys(manifest.scripts).filter((name) => /^(pre|post)?install$|^prepare$/.test(name))).toEqual([]);
	});
});
