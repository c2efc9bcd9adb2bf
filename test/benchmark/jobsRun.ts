/**
 * `npm run benchmark:jobs`: Enrich 2 in a real n8n, the async job path against 200 `/enrich` calls
 * for 10,000 ids on API v2 (test/benchmark/jobs.ts), about 6 minutes (two n8n starts, a run of two
 * minutes under the 200 a minute); writes its section of docs/benchmarks.md. A script of its own,
 * beside run.ts's latency and budget runs, whose sections it leaves as they are.
 *   options: --out <dir> (docs)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { JOBS_HEADING, jobsBenchmark, jobsSection } from './jobs';
import { upsertSection } from './memoryReport';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'docs' } } });
const log = (message: string) => process.stdout.write(`${message}\n`);

async function main() {
	const result = await jobsBenchmark(log);
	const section = jobsSection(result, new Date().toISOString().slice(0, 10));
	const out = path.resolve(__dirname, '../..', values.out);
	mkdirSync(out, { recursive: true });
	const file = path.join(out, 'benchmarks.md');
	const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
	writeFileSync(file, upsertSection(text, section, JOBS_HEADING));
	log(`\n${section}\nWrote the async jobs section of ${file}`);
	if (!result.equal) throw new Error('The job path and the /enrich path gave different outcomes');
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
		process.exit(1);
	},
);
