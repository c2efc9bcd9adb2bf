/**
 * What `npm test` needs beyond `npm ci`, provisioned from the npm registry and Debian's packages:
 *
 *   node --import tsx scripts/provision/cli.ts tools <out.json> [--current-only]
 *     Debian's chromium (browser test), redis-server and postgresql (queue-mode test) and the
 *     build tools native modules need, installed with apt-get when running as root, otherwise a
 *     stop in the first seconds naming the command to run; then the Node.js of every n8n line and the oldest Node a
 *     line accepts. Writes their paths as JSON. `--current-only` (the fast inner loop, npm start):
 *     the current line's Node.js only, no Debian packages.
 *   node --import tsx scripts/provision/cli.ts n8n
 *     The n8n of every supported line (minutes from an empty cache), in parallel.
 *   node --import tsx scripts/provision/cli.ts key
 *     Prints what names every install (n8nLines.ts provisioningKey): CI's cache key.
 *
 * Every download is watched for stalls and retried a bounded number of times (watchedRun.ts).
 */
import { writeFileSync } from 'node:fs';

import { ensureDebianPackages, POSTGRES_INITDB } from './debian';
import { ensureN8n } from './n8n';
import { CURRENT_LINE, N8N_LINES, OLDEST_NODE, provisioningKey } from './n8nLines';
import { ensureNode, type ProvisionedNode } from './node';

/** What the suites run outside Node: the browser test drives Debian's Chromium, queue mode needs Redis and PostgreSQL. */
export const DEBIAN_PACKAGES = [
	{ binary: '/usr/bin/chromium', package: 'chromium' },
	{ binary: 'redis-server', package: 'redis-server' },
	{ binary: POSTGRES_INITDB, package: 'postgresql' },
	// n8n's sqlite3 compiles from source when its prebuilt library cannot be downloaded
	{ binary: 'g++', package: 'g++' },
	{ binary: 'make', package: 'make' },
	{ binary: 'python3', package: 'python3' },
];

export interface ProvisionedTools {
	/** The Node.js of the current n8n line: the suites run on it. */
	current: ProvisionedNode;
	/** By requested version ('24', '22', '20.19.0'). */
	node: Record<string, ProvisionedNode>;
}

const log = (message: string) => console.log(`[provision] ${message}`);

async function provisionTools(outFile: string, currentOnly: boolean): Promise<void> {
	if (!currentOnly) await ensureDebianPackages(DEBIAN_PACKAGES, { log });
	const versions = currentOnly ? [CURRENT_LINE.node] : [...new Set([...N8N_LINES.map((line) => line.node), OLDEST_NODE])];
	const installs = await Promise.all(versions.map(async (version) => [version, await ensureNode(version)] as const));
	const node = Object.fromEntries(installs);
	const tools: ProvisionedTools = { current: node[CURRENT_LINE.node], node };
	for (const [version, install] of installs) log(`Node ${version}: ${install.version} (${install.execPath})`);
	writeFileSync(outFile, JSON.stringify(tools, null, 2));
}

async function provisionN8n(): Promise<void> {
	const started = Date.now();
	await Promise.all(N8N_LINES.map(async (line) => await ensureN8n(line, { log })));
	log(`n8n ${N8N_LINES.map((line) => line.version).join(' and ')} ready (${Math.round((Date.now() - started) / 1000)} s)`);
}

const [command, outFile, ...flags] = process.argv.slice(2);
const job =
	command === 'tools' && outFile
		? provisionTools(outFile, flags.includes('--current-only'))
		: command === 'n8n'
			? provisionN8n()
			: command === 'key'
				? Promise.resolve(console.log(provisioningKey()))
				: undefined;
if (!job) {
	console.error('usage: node --import tsx scripts/provision/cli.ts tools <out.json> [--current-only] | n8n | key');
	process.exit(2);
}
job.catch((error: Error) => {
	console.error(`\n${error.message}`);
	process.exit(1);
});
