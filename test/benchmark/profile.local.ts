import { startSandbox } from '../sandbox';
import { BenchN8n } from './n8nBench';
import * as scenarios from './scenarios';
import * as flows from './workflows';

async function main() {
	const sandbox = await startSandbox({ businesses: 12_000, prospects: 11_000, rateLimit: false });
	const contacts = scenarios.contacts(sandbox.universe, 10_000);
	const prof = process.argv.includes('--prof');
	const bench = await BenchN8n.create({
		baseUrl: sandbox.url, apiKey: sandbox.apiKey, liftClientRateLimit: true,
		workflows: [flows.rowsOnly('Rows'), flows.matchEnrichOurs('MatchEnrich')],
		env: prof ? { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' } : {},
	});
	const context = { sandbox, bench } as scenarios.BenchContext;
	try {
		await scenarios.matchEnrich(context, 'MatchEnrich', contacts.slice(0, 1000), { latencyMs: 0 });
		for (let i = 0; i < 3; i++) {
			const cpu0 = process.cpuUsage();
			const r = await scenarios.matchEnrich(context, 'MatchEnrich', contacts, { latencyMs: 0 });
			const cpu = process.cpuUsage(cpu0);
			const control = await scenarios.controlCpuMs(context, 'Rows', contacts);
			console.log(JSON.stringify({ perItemUs: r.perItemUs, requests: r.requests, mainCpuMs: r.mainThreadCpuMs, control, sandboxAndRunnerCpuMs: (cpu.user + cpu.system) / 1000, problems: r.problems }));
		}
	} finally {
		await bench.dispose();
		await sandbox.close();
	}
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
