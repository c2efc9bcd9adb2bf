/**
 * API v1's cases of apiDoor.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The door reads the v1 wing too while it exists.
 */
import path from 'node:path';

import { importGraph } from './support/importGraph';

const ROOT = path.resolve(__dirname, '../..');
const API = 'nodes/shared/api';
const DOOR = `${API}/index.ts`;
const inFolder = (file: string, folder: string) => file.startsWith(`${folder}/`);

const graph = importGraph(ROOT, 'nodes');

describe('the door to the API wings', () => {
	it('reads the imports of every file under nodes/, the wings included', () => {
		expect(graph.files.length).toBeGreaterThan(150);
		expect(graph.files.filter((file) => inFolder(file, `${API}/v1`)).length).toBeGreaterThan(2);
		expect(graph.files.filter((file) => inFolder(file, `${API}/v2`)).length).toBeGreaterThan(10);
		expect(graph.imports.get(DOOR)).toEqual(expect.arrayContaining([`${API}/v1/catalog.ts`, `${API}/v2/catalog/index.ts`]));
	});
});
