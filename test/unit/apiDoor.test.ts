/**
 * The API version wings (nodes/shared/api/v1, nodes/shared/api/v2) have one door,
 * nodes/shared/api/index.ts: nothing else under nodes/ imports a wing's file, and nothing but the
 * door imports the legacy v1 wing; under test/ only the sandbox's v1 half (test/sandbox/v1) and
 * *.v1.test.ts files import it. So retiring v1 is deleting its wing, those files and the lines that
 * name it (docs/development.md, "Retiring API v1"), and these checks hold before and after. Read
 * from the imports of every file under nodes/ and test/.
 */
import path from 'node:path';

import { cyclesOf, importGraph, importsOf } from './support/importGraph';

const ROOT = path.resolve(__dirname, '../..');
const API = 'nodes/shared/api';
const DOOR = `${API}/index.ts`;
const inFolder = (file: string, folder: string) => file.startsWith(`${folder}/`);

const graph = importGraph(ROOT, 'nodes');
const tests = importGraph(ROOT, 'test');
const importers = (target: (file: string) => boolean, except: (file: string) => boolean) =>
	graph.files.flatMap((file) => (except(file) ? [] : (graph.imports.get(file) ?? []).filter(target).map((imported) => `${file} -> ${imported}`)));

describe('the door to the API wings', () => {
	it('reads the imports of every file under nodes/ and test/, the v2 wing included', () => {
		expect(graph.files.length).toBeGreaterThan(150);
		expect(graph.files.filter((file) => inFolder(file, `${API}/v2`)).length).toBeGreaterThan(10);
		expect(graph.imports.get(DOOR)).toEqual(expect.arrayContaining([`${API}/v2/catalog/index.ts`]));
		for (const folder of ['test/unit', 'test/sandbox', 'test/engine', 'test/e2e']) {
			expect([folder, tests.files.filter((file) => inFolder(file, folder)).length > 10]).toEqual([folder, true]);
		}
		expect(tests.imports.get('test/unit/apiDoor.test.ts')).toEqual(['test/unit/support/importGraph.ts']);
	});

	it('lets only the door import the v1 wing (and v1 its own files)', () => {
		expect(importers((file) => inFolder(file, `${API}/v1`), (file) => file === DOOR || inFolder(file, `${API}/v1`))).toEqual([]);
	});

	it('lets only the sandbox\'s v1 half and .v1.test.ts files import the v1 wing from test/, so retiring v1 deletes them with it', () => {
		const v1Imports = tests.files.flatMap((file) =>
			inFolder(file, 'test/sandbox/v1') || file.endsWith('.v1.test.ts')
				? []
				: (tests.imports.get(file) ?? []).filter((imported) => inFolder(imported, `${API}/v1`)).map((imported) => `${file} -> ${imported}`),
		);
		expect(v1Imports).toEqual([]);
	});

	it('lets nothing outside nodes/shared/api reach into a wing but through the door', () => {
		expect(importers((file) => inFolder(file, API) && file !== DOOR, (file) => inFolder(file, API))).toEqual([]);
	});

	it('reads type-only imports, re-exports and require() alike', () => {
		const imports = importsOf('x.ts', "import type { A } from '../api/v1/catalog';\nexport { B } from './api';\nconst c = require('./c');");
		expect(imports).toEqual(['../api/v1/catalog', './api', './c']);
	});
});

describe('the imports under nodes/', () => {
	it('make no cycle, type-only imports included (as madge counts them)', () => {
		expect(cyclesOf(graph.imports)).toEqual([]);
	});

	it('would show a cycle as the files around it', () => {
		const edges = new Map([
			['a', ['b']],
			['b', ['c']],
			['c', ['a', 'd']],
			['d', []],
		]);
		expect(cyclesOf(edges)).toEqual([['a', 'b', 'c', 'a']]);
	});
});
