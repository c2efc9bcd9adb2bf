/**
 * The fast parameter path (nodes/shared/parameters.ts) against the expression evaluator a real
 * n8n 2.41 runs by default: isolated-vm (`N8N_EXPRESSION_ENGINE=vm`), from the cached n8n
 * install, in a child process (support/vmExpressionCheck.ts). For every raw value of
 * PARAMETER_CASES that the fast path reads itself, and every item of parameterCaseItems, the
 * value it takes from the item is exactly what n8n evaluates. (test/engine/parameters.test.ts
 * covers the legacy evaluator and the whole `readParameter` path through n8n-core.)
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { ensureN8nInstalled } from './harness';

it('fast parameter reads give what the isolated-vm evaluator of a real n8n gives', async () => {
	const install = await ensureN8nInstalled();
	const script = path.join(__dirname, 'support', 'vmExpressionCheck.ts');
	const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('JEST') && key !== 'NODE_OPTIONS'));
	const output = execFileSync(install.node.execPath, ['--import', 'tsx', script, install.dir], {
		cwd: path.resolve(__dirname, '../..'),
		env,
		encoding: 'utf8',
		timeout: 60_000,
	});
	const result = JSON.parse(output.trim().split('\n').pop() ?? '{}') as { engine: string; fast: number; differences: string[] };
	expect(result.engine).toBe('vm');
	expect(result.differences).toEqual([]);
	expect(result.fast).toBeGreaterThan(900);
});
