/**
 * `npm run benchmark` runs test/benchmark/run.ts under tsx, whose resolver reads `X.node` as the
 * node's `.node.json` codex file before its `.ts` (Jest reads the `.ts` first): a benchmark module
 * that imported a node class once broke the script with no test noticing. Its modules are loaded
 * here as the script loads them. run.ts and jobsRun.ts are left out: loading them runs them.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const BENCHMARK = path.join(ROOT, 'test/benchmark');
const SCRIPTS = new Set(['run.ts', 'jobsRun.ts']);

test('the benchmark modules load under tsx, as npm run benchmark loads them', () => {
	const modules = readdirSync(BENCHMARK).filter((file) => file.endsWith('.ts') && !SCRIPTS.has(file));
	expect(modules.length).toBeGreaterThanOrEqual(9);
	const load = `for (const file of ${JSON.stringify(modules)}) require(${JSON.stringify(BENCHMARK)} + '/' + file); process.stdout.write('loaded ' + ${modules.length});`;
	const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', load], { cwd: ROOT, encoding: 'utf8', timeout: 80_000 });
	expect(output).toBe(`loaded ${modules.length}`);
	// 2 s on a quiet machine; a bare machine's first run installs n8n beside it
}, 90_000);
