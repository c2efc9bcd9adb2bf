// Shared by `npm test` and `npm start`: provisions the tools (scripts/provision/cli.ts) and runs the
// calling script again under the Node.js of the current n8n line (n8n 2.x needs 24), whatever Node
// started it. Plain JavaScript: it runs before anything is type-checked or built.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The provisioned tools (cli.ts `tools`) when this process is the re-run, else undefined. */
export function provisionedTools() {
	return process.env.BPD_TOOLS ? JSON.parse(process.env.BPD_TOOLS) : undefined;
}

/**
 * In the first run: provisions, re-runs `script` under the current line's Node with the same
 * arguments and exits with its status. In the re-run: returns the provisioned tools at once.
 * `onFailure(reason)` is called (and must exit) when provisioning fails.
 */
export function onCurrentNode(script, { debian, onFailure }) {
	const tools = provisionedTools();
	if (tools) return tools;
	const folder = mkdtempSync(join(tmpdir(), 'bpd-tools-'));
	const toolsFile = join(folder, 'tools.json');
	const cli = join(root, 'scripts', 'provision', 'cli.ts');
	const args = ['--import', 'tsx', cli, 'tools', toolsFile, ...(debian ? [] : ['--no-debian'])];
	const provisioned = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
	if (provisioned.status !== 0) {
		rmSync(folder, { recursive: true, force: true });
		return onFailure('the tools the suites need could not be provisioned: see the message above');
	}
	const text = readFileSync(toolsFile, 'utf8');
	rmSync(folder, { recursive: true, force: true });
	const { current } = JSON.parse(text);
	const env = {
		...process.env,
		BPD_TOOLS: text,
		PATH: `${dirname(current.execPath)}${delimiter}${process.env.PATH ?? ''}`,
		// native modules build against this Node's headers, not the machine's (npm config nodedir)
		npm_config_nodedir: current.nodeDir,
	};
	const rerun = spawnSync(current.execPath, [script, ...process.argv.slice(2)], { stdio: 'inherit', env, cwd: root });
	process.exit(rerun.status ?? 1);
}
