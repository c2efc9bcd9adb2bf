// Shared by `npm test` and `npm start`: provisions the tools (scripts/provision/cli.ts) and runs the
// calling script again under the Node.js of the current n8n line (n8n 2.x needs 24), whatever Node
// started it. Plain JavaScript: it runs before anything is type-checked or built.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * In the first run: provisions (everything, or with `currentOnly` the current line's Node alone),
 * runs `script` again under that Node with the same arguments, and exits with its status; Ctrl-C
 * and SIGTERM reach the re-run, which shuts down what it started. In the re-run: returns the
 * provisioned tools at once. `onFailure(reason)` must exit: it is called when provisioning fails,
 * and when the re-run ends by a signal (its reason says which).
 */
export async function onCurrentNode(script, { currentOnly, onFailure }) {
	if (process.env.BPD_TOOLS) return JSON.parse(process.env.BPD_TOOLS);
	const folder = mkdtempSync(join(tmpdir(), 'bpd-tools-'));
	const toolsFile = join(folder, 'tools.json');
	const cli = join(root, 'scripts', 'provision', 'cli.ts');
	const args = ['--import', 'tsx', cli, 'tools', toolsFile, ...(currentOnly ? ['--current-only'] : [])];
	const provisioned = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
	const text = provisioned.status === 0 ? readFileSync(toolsFile, 'utf8') : undefined;
	rmSync(folder, { recursive: true, force: true });
	if (text === undefined) return onFailure('the tools the suites need could not be provisioned: see the message above');
	const { current } = JSON.parse(text);
	const env = {
		...process.env,
		BPD_TOOLS: text,
		PATH: `${dirname(current.execPath)}${delimiter}${process.env.PATH ?? ''}`,
		// native modules build against this Node's headers, not the machine's (npm config nodedir)
		npm_config_nodedir: current.nodeDir,
	};
	const rerun = spawn(current.execPath, [script, ...process.argv.slice(2)], { stdio: 'inherit', env, cwd: root });
	// Ctrl-C reaches both processes (one terminal process group): the re-run shuts down, this one
	// waits for it. SIGTERM is sent to this process only: pass it on.
	process.on('SIGINT', () => undefined);
	process.on('SIGTERM', () => rerun.kill('SIGTERM'));
	const [code, signal] = await new Promise((resolve) => rerun.on('exit', (...ended) => resolve(ended)));
	if (signal) return onFailure(`stopped by ${signal}`);
	process.exit(code ?? 1);
}
