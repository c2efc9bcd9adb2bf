/**
 * What n8n's verification of community packages asks, as far as it can be read without packing:
 * strict mode with n8n's default lint config on what ships (the lint itself runs in `npm run
 * lint`), no eslint-disable anywhere (the scanner ignores them, so a disabled rule is a failed
 * rule), the scanner pinned, no runtime dependencies, public text in English, one service. The
 * scanner on the packed tarball runs in the e2e suite (test/e2e/verificationScan.test.ts): it
 * lints for about half a minute.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { ICredentialType, INodeType, INodeTypeDescription } from 'n8n-workflow';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
	n8n: { strict: boolean; nodes: string[]; credentials: string[] };
	scripts: Record<string, string>;
	devDependencies: Record<string, string>;
	[key: string]: unknown;
};
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

/** What `n8n-node lint` compares in strict mode: the config with its whitespace collapsed. */
const normalized = (config: string) => config.replace(/\s+/g, ' ').trim();
const DEFAULT_CONFIG = readFileSync(path.join(ROOT, 'node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs'), 'utf8');
const isDefaultLintConfig = (config: string) => normalized(config) === normalized(DEFAULT_CONFIG);

/** The lint of `npm run lint`: n8n's, each file under its nearest eslint.config.mjs. */
const LOOKUP_FROM_FILE = 'ESLINT_FLAGS=unstable_config_lookup_from_file';

describe('strict mode with n8n\'s default lint config', () => {
	it('package.json says "strict": true and eslint.config.mjs is n8n\'s two-line default', () => {
		expect(manifest.n8n.strict).toBe(true);
		expect(DEFAULT_CONFIG).toContain("import { config } from '@n8n/node-cli/eslint';");
		expect(isDefaultLintConfig(read('eslint.config.mjs'))).toBe(true);
	});

	it('catches a changed config, as n8n-node lint does', () => {
		expect(isDefaultLintConfig(`${read('eslint.config.mjs')}\n`)).toBe(true);
		expect(isDefaultLintConfig("import { config } from '@n8n/node-cli/eslint';\nexport default [...config, { rules: {} }];\n")).toBe(false);
		expect(isDefaultLintConfig("import { configWithoutCloudSupport as config } from '@n8n/node-cli/eslint';\nexport default config;\n")).toBe(false);
	});

	it('only test/ and scripts/ have a config of their own: the default applies to nodes/, credentials/ and package.json', () => {
		expect(tracked.filter((file) => /(^|\/)eslint\.config\.\w+$/.test(file)).sort()).toEqual([
			'eslint.config.mjs',
			'scripts/eslint.config.mjs',
			'test/eslint.config.mjs',
		]);
		expect(manifest.scripts.lint).toBe(`${LOOKUP_FROM_FILE} n8n-node lint && ${LOOKUP_FROM_FILE} eslint . --max-warnings=0`);
		expect(read('scripts/test.mjs')).toContain("[bin('n8n-node'), ['lint'], { ESLINT_FLAGS: 'unstable_config_lookup_from_file' }]");
	});

	it('no eslint-disable comment in any tracked code file', () => {
		const code = tracked.filter((file) => /\.(ts|js|mjs|cjs)$/.test(file));
		expect(code.length).toBeGreaterThan(300);
		expect(code.filter((file) => /\/[/*]\s*eslint-disable/.test(read(file)))).toEqual([]);
		// the comments it finds, written so that this file holds none
		const comments = [`//${' '}eslint-disable-next-line no-console`, `/*${' '}eslint-disable */`];
		expect(comments.every((text) => /\/[/*]\s*eslint-disable/.test(text))).toBe(true);
	});

	it('pins the newest scanner, @n8n/scan-community-package 0.32.0, exactly', () => {
		expect(manifest.devDependencies['@n8n/scan-community-package']).toBe('0.32.0');
		const installed = JSON.parse(readFileSync(require.resolve('@n8n/scan-community-package/package.json'), 'utf8')) as { version: string };
		expect(installed.version).toBe('0.32.0');
	});
});

describe('no runtime dependencies', () => {
	it('package.json has no dependencies of any kind but the peer n8n-workflow, and no install scripts', () => {
		expect(['dependencies', 'optionalDependencies', 'bundleDependencies', 'bundledDependencies'].filter((key) => key in manifest)).toEqual([]);
		expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(Object.keys(manifest.scripts).filter((name) => /^(pre|post)?install$|^(pre|post)?prepare$|^prepublish$/.test(name))).toEqual([]);
	});
});

// ---- what ships, as n8n loads it: the classes package.json names, from dist/ ----------------

/** Every description n8n shows: each node (each version of a versioned node) and the credential. */
function loadDescriptions(): Array<[string, unknown]> {
	const entries = [...manifest.n8n.nodes, ...manifest.n8n.credentials];
	return entries.flatMap((entry) => {
		const className = path.basename(entry).split('.')[0];
		// as n8n loads it: the compiled class named like its file
		const Class = (require(path.join(ROOT, entry)) as Record<string, new () => unknown>)[className];
		if (!Class) throw new Error(`${entry} does not export ${className} (dist/ is missing? run \`npm run build\`)`);
		const instance = new Class() as INodeType & ICredentialType & { nodeVersions?: Record<string, INodeType> };
		if (instance.nodeVersions) {
			return Object.entries(instance.nodeVersions).map(([version, node]): [string, unknown] => [`${className} ${version}`, node.description]);
		}
		return [[className, instance.description ?? instance]];
	});
}

/** Every text the editor shows: display names, descriptions, hints, placeholders, option names, actions. */
function publicTexts(value: unknown, key = '', found: string[] = []): string[] {
	if (typeof value === 'string') {
		if (['displayName', 'description', 'hint', 'placeholder', 'name', 'action', 'subtitle'].includes(key)) found.push(value);
	} else if (Array.isArray(value)) value.forEach((entry) => publicTexts(entry, key, found));
	else if (value && typeof value === 'object') for (const [field, entry] of Object.entries(value)) publicTexts(entry, field, found);
	return found;
}

/** Letters of other scripts or accented letters: text not in plain English. */
const NOT_PLAIN_ENGLISH = /[^\x20-\x7e\n\t’‘“”–—…×≤≥→]/u;
const notPlainEnglish = (texts: string[]) => texts.filter((text) => NOT_PLAIN_ENGLISH.test(text));

describe('what ships speaks English and serves one service', () => {
	const descriptions = loadDescriptions();
	const nodes = descriptions.filter(([, description]) => (description as INodeTypeDescription).group !== undefined) as Array<[string, INodeTypeDescription]>;

	it('every text the editor shows is plain English', () => {
		const texts = descriptions.flatMap(([, description]) => publicTexts(description));
		expect(texts.length).toBeGreaterThan(1000);
		expect(notPlainEnglish(texts)).toEqual([]);
		expect(notPlainEnglish(['Geschäftsdaten suchen', 'Поиск компаний', '検索', 'Search Businesses', 'Don’t send “this” — ok'])).toEqual([
			'Geschäftsdaten suchen',
			'Поиск компаний',
			'検索',
		]);
	});

	it('one credential, the one every node uses, and one icon, the service\'s', () => {
		expect(manifest.n8n.credentials).toEqual(['dist/credentials/BusinessProspectDataApi.credentials.js']);
		expect(nodes.length).toBeGreaterThanOrEqual(manifest.n8n.nodes.length);
		for (const [name, description] of nodes) {
			expect([name, description.credentials?.map((credential) => credential.name)]).toEqual([name, ['businessProspectDataApi']]);
		}
		expect([...new Set(nodes.map(([, description]) => JSON.stringify(description.icon)))]).toEqual([
			JSON.stringify({ light: 'file:../../icons/businessProspectData.svg', dark: 'file:../../icons/businessProspectData.dark.svg' }),
		]);
	});
});
