/**
 * The e2e harness's command runner (test/e2e/harness/processes.ts) with real processes: a command
 * that prints a large result and exits at once, as `n8n execute --rawOutput` does, keeps it whole.
 */
import { runCommand } from '../e2e/harness/processes';

// What n8n's CLI does: one large write, then process.exit() without waiting for it to drain.
const PRINT_AND_EXIT = "process.stdout.write('x'.repeat(5_000_000) + '\\n'); process.stderr.write('done'); process.exit(3)";

describe('runCommand', () => {
	it('keeps all output of a process that exits right after writing it', async () => {
		const result = await runCommand(process.execPath, ['-e', PRINT_AND_EXIT], { cwd: process.cwd(), env: process.env, timeoutMs: 30_000 });
		expect({ exitCode: result.exitCode, stdout: result.stdout.length, stderr: result.stderr, timedOut: result.timedOut }).toEqual({
			exitCode: 3,
			stdout: 5_000_001,
			stderr: 'done',
			timedOut: false,
		});
	});

	it('kills a command that runs past its time-out and says so', async () => {
		// under heavy load the child may not even have printed by then: only the kill is asserted
		const result = await runCommand(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { cwd: process.cwd(), env: process.env, timeoutMs: 1_000 });
		expect({ exitCode: result.exitCode, timedOut: result.timedOut }).toEqual({ exitCode: 'SIGTERM', timedOut: true });
	});
});
