import { startSandbox } from '../sandbox';
import * as scenarios from './scenarios';
async function main() {
	const sandbox = await startSandbox({ businesses: 12_000, prospects: 11_000, rateLimit: false });
	const contacts = scenarios.contacts(sandbox.universe, 10_000);
	const post = async (path: string, body: unknown) => {
		const r = await fetch(sandbox.url + path, { method: 'POST', headers: { 'content-type': 'application/json', api_key: sandbox.apiKey }, body: JSON.stringify(body) });
		return r.json() as Promise<any>;
	};
	for (let round = 0; round < 3; round++) {
		const ids: string[] = [];
		let t = performance.now(); let c0 = process.cpuUsage();
		for (let i = 0; i < contacts.length; i += 40) {
			const batch = contacts.slice(i, i + 40).map((c: any) => { const { row, source, ...rest } = c; return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null && v !== "")); });
			const res = await post('/v1/prospects/match', { prospects_to_match: batch });
			if (!res.matched_prospects) { console.log(JSON.stringify(res).slice(0,500), JSON.stringify(batch[0])); process.exit(1); }
			for (const m of res.matched_prospects) if (m.prospect_id) ids.push(m.prospect_id);
		}
		let cpu = process.cpuUsage(c0);
		console.log('match 250 req wall ms', (performance.now() - t).toFixed(0), 'cpu ms', ((cpu.user + cpu.system) / 1000).toFixed(0), 'ids', ids.length);
		t = performance.now(); c0 = process.cpuUsage();
		const uniq = [...new Set(ids)];
		for (let i = 0; i < uniq.length; i += 50) await post('/v1/prospects/profiles/bulk_enrich', { prospect_ids: uniq.slice(i, i + 50) });
		cpu = process.cpuUsage(c0);
		console.log('enrich req', Math.ceil(uniq.length / 50), 'wall ms', (performance.now() - t).toFixed(0), 'cpu ms', ((cpu.user + cpu.system) / 1000).toFixed(0));
	}
	await sandbox.close();
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
