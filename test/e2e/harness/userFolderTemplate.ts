/**
 * A prepared n8n user folder per n8n install and packed tarball: the package installed (`npm
 * install` of the tarball) and the database migrated (n8n's first CLI command on a new folder), so
 * a new instance copies it instead of paying both, about 10 s of a cold start each time.
 *
 * Made once per install and tarball, under a lock (Jest workers create instances side by side),
 * in a temporary folder renamed when complete. It holds only the installed package, n8n's `config`
 * (the encryption key) and the migrated database: no credentials, no workflows, no executions, no
 * owner account, so nothing passes from one test file to the next. A new tarball or another n8n
 * install gives another key, hence a new template.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { acquireLock } from '../../../scripts/provision/lockFile';
import { REPO_ROOT, type N8nInstall } from './n8nInstall';

const TEMPLATES_DIR = path.join(REPO_ROOT, '.tmp', 'n8n-user-folders');
const COMPLETE_MARKER = '.template-complete';
/** What a template may hold, relative to the user folder: everything else is left out. */
const KEPT = ['.n8n/config', '.n8n/database.sqlite', '.n8n/nodes'];
/** Templates of an older tarball unused this long are removed when a new one is made. */
const UNUSED_FOR_MS = 30 * 60_000;

export interface TemplateSource {
	install: N8nInstall;
	tarball: string;
	/** N8N_ENCRYPTION_KEY of the instances: n8n's `config` file in the template holds it. */
	encryptionKey: string;
	/** Fills an empty user folder: installs the tarball and runs one n8n CLI command (the migrations). */
	prepare: (userFolder: string) => Promise<void>;
	log?: (message: string) => void;
}

/** Copies the template of `source` (made first when missing) into an empty `userFolder`. */
export async function copyUserFolderTemplate(source: TemplateSource, userFolder: string): Promise<void> {
	const template = await ensureTemplate(source);
	// The mtime says when a template was last used (see pruneUnused).
	const now = new Date();
	utimesSync(template, now, now);
	for (const entry of KEPT) {
		cpSync(path.join(template, entry), path.join(userFolder, entry), { recursive: true, errorOnExist: true, force: false });
	}
}

async function ensureTemplate(source: TemplateSource): Promise<string> {
	const tarballSha = tarballHash(source.tarball);
	const template = path.join(TEMPLATES_DIR, templateKey(tarballSha, source.encryptionKey, source.install));
	const isComplete = () => existsSync(path.join(template, COMPLETE_MARKER));
	if (isComplete()) return template;

	mkdirSync(TEMPLATES_DIR, { recursive: true });
	const release = await acquireLock(`${template}.lock`, {
		timeoutMs: 5 * 60_000,
		done: isComplete,
		onWait: (pid) => source.log?.(`Waiting for another process (pid ${pid}) to prepare the n8n user folder template`),
	});
	try {
		if (isComplete()) return template;
		const started = Date.now();
		const tmp = `${template}.tmp`;
		// Leftovers of an interrupted attempt: the lock guarantees nobody else uses them.
		rmSync(tmp, { recursive: true, force: true });
		mkdirSync(tmp, { recursive: true });
		await source.prepare(tmp);
		// npm pack of an edit made meanwhile would put other code under this template's key
		if (tarballHash(source.tarball) !== tarballSha) throw new Error(`${source.tarball} changed while the template was prepared: run again`);
		// Before keepOnly, which would delete a write-ahead log and with it the last migrations.
		checkpointDatabase(source.install, path.join(tmp, '.n8n', 'database.sqlite'));
		const leftovers = readdirSync(path.join(tmp, '.n8n')).filter((name) => name.startsWith('database.sqlite-'));
		if (leftovers.length > 0) throw new Error(`The template database still has ${leftovers.join(', ')} after its checkpoint`);
		keepOnly(tmp);
		writeFileSync(
			path.join(tmp, COMPLETE_MARKER),
			`n8n ${source.install.line.version} (${path.basename(source.install.dir)}), ${path.basename(source.tarball)} sha256 ${tarballSha}\n`,
		);
		// an interrupted prune may have left the folder without its marker
		rmSync(template, { recursive: true, force: true });
		renameSync(tmp, template);
		source.log?.(`Prepared the n8n user folder template ${path.basename(template)} in ${Math.round((Date.now() - started) / 1000)} s`);
		pruneUnused(template);
		return template;
	} finally {
		release();
	}
}

/** `<install>-<hash>`: the n8n version and Node major, and a hash of the tarball and the key. */
function templateKey(tarballSha: string, encryptionKey: string, install: N8nInstall): string {
	const hash = createHash('sha256').update(tarballSha).update('\0').update(encryptionKey).digest('hex');
	return `${path.basename(install.dir)}-${hash.slice(0, 16)}`;
}

function tarballHash(tarball: string): string {
	return createHash('sha256').update(readFileSync(tarball)).digest('hex');
}

/** Removes whatever the preparing command left besides KEPT (logs, caches, a crash journal). */
function keepOnly(userFolder: string): void {
	const keep = (relative: string): boolean => KEPT.some((kept) => kept === relative || kept.startsWith(`${relative}/`));
	const walk = (relative: string) => {
		for (const name of readdirSync(path.join(userFolder, relative))) {
			const child = relative === '' ? name : `${relative}/${name}`;
			if (KEPT.includes(child)) continue;
			if (keep(child)) walk(child);
			else rmSync(path.join(userFolder, child), { recursive: true, force: true });
		}
	};
	walk('');
	for (const kept of KEPT) if (!existsSync(path.join(userFolder, kept))) throw new Error(`Preparing the template left no ${kept}`);
}

/**
 * n8n's SQLite runs in WAL mode and the CLI exits without folding its write-ahead log into the
 * database file (a 4 MB `database.sqlite-wal` stays). The template must be one self-contained
 * file: open and close it once with n8n's own sqlite3 module, which checkpoints the log into the
 * database and removes it. No process has the file open by now: the preparing command has exited.
 */
function checkpointDatabase(install: N8nInstall, database: string): void {
	const script = `
		const sqlite3 = require(${JSON.stringify(path.join(install.dir, 'node_modules', 'sqlite3'))});
		const db = new sqlite3.Database(${JSON.stringify(database)}, (error) => {
			if (error) throw error;
			db.exec('PRAGMA wal_checkpoint(TRUNCATE)', (execError) => {
				if (execError) throw execError;
				db.close((closeError) => { if (closeError) throw closeError; });
			});
		});`;
	const result = spawnSync(install.node.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
	if (result.status !== 0) throw new Error(`Checkpointing ${database} failed (exit code ${result.status}):\n${result.stderr}`);
}

/**
 * Removes the other templates (other tarballs, other n8n lines) not used for a while: each is a
 * few MB. A template in use is touched on every copy, so its time is recent.
 */
function pruneUnused(current: string): void {
	for (const name of readdirSync(TEMPLATES_DIR)) {
		const candidate = path.join(TEMPLATES_DIR, name);
		if (candidate === current || name.endsWith('.lock') || name.endsWith('.tmp')) continue;
		try {
			if (Date.now() - statSync(candidate).mtimeMs > UNUSED_FOR_MS) rmSync(candidate, { recursive: true, force: true });
		} catch {
			// removed meanwhile by another process making its template
		}
	}
}
