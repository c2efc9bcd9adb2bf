/**
 * No dependence on n8n's private copies of libraries: the sources load only n8n-workflow, zod
 * through `zod/v3` and Node's built-ins, the build loads only n8n-workflow and Node's built-ins
 * (zod's v3 files ship in dist/vendor/zod), and nothing checks `instanceof` against another
 * package's class (the n8n-workflow that runs is the one n8n's tree resolves). Read from the
 * TypeScript sources and from the build in dist/ (npm test builds before the suites run).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { z } from 'zod/v3';

import { isNodeApiError, isNodeError, isNodeOperationError } from '../../nodes/shared/transport/nodeErrors';
import { isObjectSchema, unwrapSchema } from '../../nodes/shared/schemaKinds';
import { disallowedModules, instanceofOnPackageClasses, isBuiltin, runtimeModulesOf } from './support/runtimeImports';

const ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; n8n: { nodes: string[]; credentials: string[] } };

function filesUnder(folder: string, suffix: RegExp): string[] {
	const dir = path.join(ROOT, folder);
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { recursive: true, encoding: 'utf8' })
		.filter((file) => suffix.test(file))
		.map((file) => path.join(folder, file))
		.sort();
}

const SOURCES = [...filesUnder('nodes', /\.ts$/), ...filesUnder('credentials', /\.ts$/)];
const modulesOf = (files: string[]) =>
	new Map(files.map((file) => [file, runtimeModulesOf(file, readFileSync(path.join(ROOT, file), 'utf8'))]));
const disallowedIn = (modules: Map<string, string[]>) =>
	[...modules].flatMap(([file, names]) => disallowedModules(names).map((name) => `${file}: ${name}`));
/** The packages loaded: neither own files nor Node's built-ins. */
const packagesIn = (modules: Map<string, string[]>) =>
	[...new Set([...modules.values()].flat().filter((name) => !name.startsWith('.') && !isBuiltin(name)))].sort();

describe('the TypeScript sources of nodes/ and credentials/', () => {
	const modules = modulesOf(SOURCES);

	it('load at run time only n8n-workflow and zod/v3 (and their own files)', () => {
		expect(SOURCES.length).toBeGreaterThan(100);
		expect(disallowedIn(modules)).toEqual([]);
		expect(packagesIn(modules)).toEqual(['n8n-workflow', 'zod/v3']);
	});

	it('check no instanceof against another package\'s class', () => {
		const found = SOURCES.flatMap((file) =>
			instanceofOnPackageClasses(file, readFileSync(path.join(ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`),
		);
		expect(found).toEqual([]);
	});
});

describe('the build in dist/, what n8n loads', () => {
	const compiled = () => {
		const files = filesUnder('dist', /\.js$/);
		if (files.length === 0) throw new Error('dist/ is missing: run `npm run build` first');
		return files;
	};

	it('requires only n8n-workflow (and its own files): zod\'s v3 API is shipped in dist/vendor/zod', () => {
		const modules = modulesOf(compiled());
		expect(disallowedIn(modules)).toEqual([]);
		expect(packagesIn(modules)).toEqual(['n8n-workflow']);
		const vendored = filesUnder('dist/vendor/zod', /\.js$/);
		expect(vendored).toContain(path.join('dist/vendor/zod/v3/index.js'));
		expect(packagesIn(modulesOf(vendored))).toEqual([]);
		expect(existsSync(path.join(ROOT, 'dist/vendor/zod/LICENSE'))).toBe(true);
		// the pinned devDependency's v3/*.cjs, each as .js, unchanged but for the .cjs its requires name
		const zodV3 = path.join(path.dirname(require.resolve('zod/package.json')), 'v3');
		const originals = readdirSync(zodV3, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.cjs'));
		expect(vendored.map((file) => path.relative('dist/vendor/zod/v3', file)).sort()).toEqual(originals.map((file) => file.replace(/\.cjs$/, '.js')).sort());
		const changed = originals.filter((file) => {
			const shipped = readFileSync(path.join(ROOT, 'dist/vendor/zod/v3', file.replace(/\.cjs$/, '.js')), 'utf8');
			return shipped !== readFileSync(path.join(zodV3, file), 'utf8').replaceAll(/require\("(\.\.?\/[^"]+)\.cjs"\)/g, 'require("$1.js")');
		});
		expect(changed).toEqual([]);
	});

	it('loads beside a zod without `zod/v3` that another community package put in ~/.n8n/nodes', () => {
		// ~/.n8n/nodes as n8n has it: this package and, hoisted by another package, zod 3.23 (no `v3`
		// export); n8n-workflow comes from NODE_PATH, as n8n sets it to its own tree
		const nodesDir = mkdtempSync(path.join(tmpdir(), 'bpd-old-zod-'));
		try {
			const installed = path.join(nodesDir, 'node_modules', manifest.name);
			cpSync(path.join(ROOT, 'dist'), path.join(installed, 'dist'), { recursive: true });
			writeFileSync(path.join(installed, 'package.json'), JSON.stringify(manifest));
			const oldZod = path.join(nodesDir, 'node_modules', 'zod');
			mkdirSync(oldZod);
			writeFileSync(path.join(oldZod, 'package.json'), JSON.stringify({ name: 'zod', version: '3.23.8', exports: { '.': './index.js' } }));
			writeFileSync(path.join(oldZod, 'index.js'), "throw new Error('the old zod was loaded');");
			const script = [
				`const installed = ${JSON.stringify(installed)};`,
				"const manifest = require(installed + '/package.json');",
				"for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) require(installed + '/' + file);",
				"const { businessIdSchema } = require(installed + '/dist/nodes/shared/api/index.js');",
				"console.log(JSON.stringify([businessIdSchema.safeParse('0'.repeat(32)).success, businessIdSchema.safeParse('x').success]));",
			].join('\n');
			const printed = execFileSync(process.execPath, ['-e', script], {
				cwd: nodesDir,
				env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') },
				encoding: 'utf8',
			});
			expect(JSON.parse(printed)).toEqual([true, false]);
		} finally {
			rmSync(nodesDir, { recursive: true, force: true });
		}
	});
});

describe('the checks catch what they are there for', () => {
	it.each([
		['a value import of bare zod', "import { z } from 'zod';", ['zod']],
		['a devDependency', "import { parse } from 'yaml';", ['yaml']],
		["a library of n8n's tree", "import { DateTime } from 'luxon';", ['luxon']],
		['a side-effect import', "import 'lodash';", ['lodash']],
		['a re-export', "export { z } from 'zod';", ['zod']],
		['a require', "const axios = require('axios');", ['axios']],
		['a dynamic import', "const load = () => import('zod/v4');", ['zod/v4']],
		['a computed require', 'const load = (name: string) => require(name);', ['<computed>']],
		['a compiled require', 'const zod_1 = require("zod");', ['zod']],
	])('%s is refused', (_, text, refused) => {
		expect(disallowedModules(runtimeModulesOf('x.ts', text))).toEqual(refused);
	});

	it.each([
		["import type { ZodTypeAny } from 'zod';"],
		["import { type ZodIssue, type ZodTypeAny } from 'zod';"],
		["import { NodeApiError } from 'n8n-workflow';"],
		["import { z } from 'zod/v3';"],
		["import { createHash } from 'node:crypto';"],
		["import { LIMITS } from '../limits';"],
	])('%s is allowed', (text) => {
		expect(disallowedModules(runtimeModulesOf('x.ts', text))).toEqual([]);
	});

	it('finds instanceof against an imported class, a namespace member, and not against own or built-in classes', () => {
		const text = [
			"import { NodeApiError } from 'n8n-workflow';",
			"import { z, ZodObject } from 'zod/v3';",
			"import { V2Registration } from './registrationV2';",
			'const a = (e: unknown) => e instanceof NodeApiError;',
			'const b = (s: unknown) => s instanceof z.ZodEffects || s instanceof ZodObject;',
			'const c = (e: unknown) => e instanceof Error || e instanceof Date || e instanceof V2Registration;',
		].join('\n');
		expect(instanceofOnPackageClasses('x.ts', text)).toEqual([
			'4: e instanceof NodeApiError',
			'5: s instanceof z.ZodEffects',
			'5: s instanceof ZodObject',
		]);
	});
});

describe('reading errors and schemas without instanceof holds across copies of a library', () => {
	// Another copy of the same library: the same code, loaded again, with classes of its own.
	const otherCopy = <T extends object>(name: string): T => {
		let loaded: T | undefined;
		jest.isolateModules(() => {
			loaded = jest.requireActual<T>(name);
		});
		return loaded!;
	};

	it('an n8n-workflow error of another copy is still a NodeApiError or NodeOperationError', () => {
		const other = otherCopy<typeof import('n8n-workflow')>('n8n-workflow');
		const node = { id: '1', name: 'Node', type: 'x.node', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
		const apiError = new other.NodeApiError(node, { message: 'gone' }, { httpCode: '404' });
		const operationError = new other.NodeOperationError(node, 'bad');
		expect(apiError instanceof jest.requireActual<typeof import('n8n-workflow')>('n8n-workflow').NodeApiError).toBe(false);
		expect([isNodeApiError(apiError), isNodeOperationError(apiError), isNodeError(apiError)]).toEqual([true, false, true]);
		expect([isNodeApiError(operationError), isNodeOperationError(operationError), isNodeError(operationError)]).toEqual([false, true, true]);
		expect([new Error('x'), { httpCode: '404' }, null, 'NodeApiError'].map(isNodeError)).toEqual([false, false, false, false]);
	});

	it('a zod schema of another copy is unwrapped to its object and recognised as one', () => {
		const other = otherCopy<typeof import('zod/v3')>('zod/v3').z;
		const filters = other.object({ country_code: other.string(), city: other.string() });
		const wrapped = filters.refine(() => true).optional();
		expect(wrapped instanceof z.ZodOptional).toBe(false);
		expect(Object.keys((unwrapSchema(wrapped) as typeof filters).shape)).toEqual(['country_code', 'city']);
		expect(unwrapSchema(wrapped, ['ZodEffects'])).toBe(wrapped);
		expect(isObjectSchema(unwrapSchema(wrapped))).toBe(true);
		expect([isObjectSchema(wrapped), isObjectSchema(other.string()), isObjectSchema(undefined)]).toEqual([false, false, false]);
	});
});
