/**
 * A throw-away PostgreSQL for one test run: Debian's `postgresql` package (npm test installs it),
 * a new cluster (`initdb`) in a temp folder, its server on a free port of 127.0.0.1, one empty
 * database for n8n. Everything is removed on stop, also after a failed start.
 *
 * PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` system user
 * the package creates, and its processes run as that user.
 *
 *   const postgres = await startPostgres();
 *   // n8n's settings: postgres.n8nEnv (DB_TYPE=postgresdb, DB_POSTGRESDB_*)
 *   await postgres.stop();
 */
import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { findBinary, POSTGRES_INITDB } from '../../../scripts/provision/debian';
import { freePort, runCommand, spawnGroup, waitFor, type SpawnedGroup } from './processes';

const DATABASE = 'n8n';
const USER = 'n8n';
const READY_LINE = 'database system is ready to accept connections';
const INSTALL_HINT = "Debian's postgresql package (npm test installs it as root)";

export interface PostgresServer {
	port: number;
	/** The environment that points n8n at this database. */
	n8nEnv: Record<string, string>;
	/** Stops the server and removes the cluster. Safe to call twice. */
	stop(): Promise<void>;
}

/** The user the cluster runs as: `postgres` when this process is root, else this process's user. */
function clusterUser(): { uid?: number; gid?: number } {
	if (process.getuid?.() !== 0) return {};
	const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
	const [uid, gid] = [id('-u'), id('-g')];
	if (uid.status !== 0 || gid.status !== 0) throw new Error(`PostgreSQL cannot run as root and there is no postgres user: install ${INSTALL_HINT}`);
	return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startPostgres(): Promise<PostgresServer> {
	const initdb = findBinary(POSTGRES_INITDB);
	if (!initdb) throw new Error(`No ${POSTGRES_INITDB}: install ${INSTALL_HINT}`);
	const bin = path.dirname(initdb);
	const user = clusterUser();
	const dir = mkdtempSync(path.join(os.tmpdir(), 'postgres-e2e-'));
	const dataDir = path.join(dir, 'data');
	// the cluster's folder (data, socket, log) belongs to the user the server runs as
	if (user.uid !== undefined && user.gid !== undefined) chownSync(dir, user.uid, user.gid);
	const env = { PATH: process.env.PATH ?? '', LC_ALL: 'C' };

	let server: SpawnedGroup | undefined;
	const log: string[] = [];
	const output = (lines = 60) => log.join('').split('\n').slice(-lines).join('\n');
	const stop = async () => {
		await server?.kill(10_000);
		server = undefined;
		rmSync(dir, { recursive: true, force: true });
	};
	try {
		// trust on 127.0.0.1 only (and the socket in the private folder): a cluster for one test run
		const init = await runCommand(initdb, ['-D', dataDir, '-U', USER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], {
			cwd: dir,
			env,
			timeoutMs: 120_000,
			...user,
		});
		if (init.exitCode !== 0) throw new Error(`initdb failed (exit code ${init.exitCode}):\n${init.stdout}\n${init.stderr}`);

		const port = await freePort();
		const settings = ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`];
		server = spawnGroup(path.join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), ...settings], { cwd: dir, env, ...user });
		for (const stream of [server.child.stdout, server.child.stderr]) stream?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
		let exitCode: number | string | undefined;
		void server.exited.then((code) => (exitCode = code));
		await waitFor('PostgreSQL to accept connections', async () => (log.join('').includes(READY_LINE) ? true : undefined), {
			timeoutMs: 60_000,
			intervalMs: 100,
			abort: () => (exitCode !== undefined ? `postgres exited with ${exitCode}\n${output()}` : undefined),
		});

		const created = await runCommand(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', USER, DATABASE], {
			cwd: dir,
			env,
			timeoutMs: 60_000,
			...user,
		});
		if (created.exitCode !== 0) throw new Error(`createdb failed (exit code ${created.exitCode}):\n${created.stderr}`);

		const n8nEnv = {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_DATABASE: DATABASE,
			DB_POSTGRESDB_USER: USER,
			DB_POSTGRESDB_PASSWORD: '',
		};
		return { port, n8nEnv, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}
