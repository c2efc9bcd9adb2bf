/**
 * No dependence on n8n's private copies of libraries: what ships loads only n8n-workflow, zod
 * through `zod/v3` and Node's built-ins, and never checks `instanceof` against another package's
 * class (the copy that runs is the one n8n's tree resolves). Read from the TypeScript sources and
 * from the build in dist/ (npm test builds before the suites run).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { z } from 'zod/v3';

import { isNodeApiError, isNodeError, isNodeOperationError } from '../../nodes/shared/transport/nodeErrors';
import { isObjectSchema, unwrapSchema } from '../../nodes/shared/schemaKinds';
import { disallowedModules, instanceofOnPackageClasses, isBuiltin, runtimeModulesOf } from './support/runtimeImports';

const ROOT = path.resolve(__dirname, '../..');

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
	it('requires only n8n-workflow and zod/v3 (and its own files)', () => {
		const compiled = filesUnder('dist', /\.js$/);
		if (compiled.length === 0) throw new Error('dist/ is missing: run `npm run build` first');
		const modules = modulesOf(compiled);
		expect(disallowedIn(modules)).toEqual([]);
		expect(packagesIn(modules)).toEqual(['n8n-workflow', 'zod/v3']);
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
