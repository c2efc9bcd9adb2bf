/**
 * Benchmark: Match Prospects -> Enrich (profile) run by n8n-core's engine against the sandbox
 * with a fixed per-request latency, measured against the physical bound:
 *
 *   requests  >= ceil(rows / 40) + ceil(unique matched ids / 50)       (batch limits)
 *   time      >= sum over nodes of ceil(requests / concurrency) * latency (latency)
 *             and the 200-requests-a-minute budget once a node needs more than 200
 *
 * and against the naive approach of one HTTP request per row (what a generic HTTP Request node
 * does). Run: `npm run benchmark` (options: --rows 1000,3000 --latency 100 --concurrency 1,2,4).
 * Prints a table; the numbers are measurements of this machine, not assertions.
 */
import { parseArgs } from 'node:util';

import type { IDataObject } from 'n8n-workflow';

import { LIMITS } from '../../nodes/shared/limits';
import { itemsNode, linearWorkflow, manualTriggerNode, runWorkflow } from '../engine/harness';
import { contactTable } from '../engine/matchEnrichContacts';
import { startSandbox } from '../sandbox';

const MATCH_PATH = '/v1/prospects/match';
const PROFILE_PATH = '/v1/prospects/profiles/bulk_enrich';

const { values } = parseArgs({
	options: {
		rows: { type: 'string', default: '1000,3000' },
		latency: { type: 'string', default: '100' },
		concurrency: { type: 'string', default: '1,2,4' },
	},
});
const list = (text: string) => text.split(',').map(Number);

/** Lower bound of one node's wall time: its requests in waves of `concurrency`, and the rate budget. */
function boundMs(requests: number, concurrency: number, latencyMs: number): number {
	const latencyBound = Math.ceil(requests / concurrency) * latencyMs;
	const { requests: perWindow, windowMs } = LIMITS.rateLimit;
	const rateBound = requests > perWindow ? Math.ceil(requests / perWindow - 1) * windowMs : 0;
	return Math.max(latencyBound, rateBound);
}

async function main() {
	const latencyMs = Number(values.latency);
	// The service's 200-a-minute budget is per API key over all runs; scenarios here follow each
	// other within seconds, so the sandbox does not enforce it and the bound accounts for the
	// client-side pacing each node does on its own (boundMs).
	const sandbox = await startSandbox({ latencyMs, rateLimit: false });
	const rowsOut: string[][] = [];
	try {
		for (const rows of list(values.rows)) {
			const contacts = contactTable(sandbox.universe, rows);
			for (const concurrency of list(values.concurrency)) {
				sandbox.clearRequests();
				const options = { options: { concurrency } };
				const started = performance.now();
				const run = await runWorkflow(
					linearWorkflow([
						manualTriggerNode(),
						itemsNode(contacts),
						{ name: 'Match', type: 'n8n-nodes-business-prospect-data.matchProspects', typeVersion: 1, parameters: options },
						{ name: 'Enrich', type: 'n8n-nodes-business-prospect-data.enrich', typeVersion: 1, parameters: options },
					]),
					{ credentials: { businessProspectDataApi: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } } },
				);
				const elapsedMs = performance.now() - started;
				if (run.error) throw new Error(run.error.message);

				const matched = run.json('Match').map((item: IDataObject) => item.prospect_id).filter(Boolean);
				const uniqueMatched = new Set(matched).size;
				const matchRequests = sandbox.requests.filter((r) => r.path === MATCH_PATH).length;
				const enrichRequests = sandbox.requests.filter((r) => r.path === PROFILE_PATH).length;
				const minMatch = Math.ceil(rows / LIMITS.matchItems);
				const minEnrich = Math.ceil(uniqueMatched / LIMITS.prospectEnrichIds);
				const bound = boundMs(minMatch, concurrency, latencyMs) + boundMs(minEnrich, concurrency, latencyMs);
				const naiveRequests = rows + matched.length;
				rowsOut.push([
					String(rows),
					String(concurrency),
					`${matchRequests}+${enrichRequests}`,
					`${minMatch}+${minEnrich}`,
					String(naiveRequests),
					`${(elapsedMs / 1000).toFixed(2)} s`,
					`${(bound / 1000).toFixed(2)} s`,
					`${(elapsedMs / bound).toFixed(2)}x`,
					`${((naiveRequests * latencyMs) / 1000).toFixed(0)} s`,
				]);
			}
		}
	} finally {
		await sandbox.close();
	}
	const header = ['rows', 'conc.', 'requests', 'minimum', 'naive req.', 'measured', 'bound', 'vs bound', 'naive serial'];
	const widths = header.map((h, i) => Math.max(h.length, ...rowsOut.map((r) => r[i].length)));
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i])).join(' | ')} |`;
	console.log(`Match Prospects -> Enrich (profile), sandbox latency ${latencyMs} ms per request\n`);
	console.log(line(header));
	console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
	for (const row of rowsOut) console.log(line(row));
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
