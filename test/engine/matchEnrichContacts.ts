/**
 * The contact table of the Match -> Enrich acceptance, built from the sandbox's universe and
 * shared by the engine and e2e tests: rows named by mixed fetchers (email, phone number, profile
 * URL, name + company), 5% duplicates, 1% contacts the service does not know, and the ~10% of
 * prospects the sandbox never matches. Each row carries `row` (its position) and `source`, columns
 * a real table would have and that must survive the chain.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Fetcher, SandboxUniverse } from '../sandbox';

const FETCHERS: Fetcher[] = ['email', 'phone_number', 'profnet', 'name'];

/** "+14155550123" as people type it: "+14 155 550123" (the node strips the separators). */
const spaced = (phone: string) => `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;

export function contactTable(universe: SandboxUniverse, count = 1_000): IDataObject[] {
	const rows: IDataObject[] = [];
	let nextProspect = 0;
	let unknown = 0;
	for (let row = 0; row < count; row++) {
		let contact: IDataObject;
		if (row % 20 === 19) {
			// a duplicate of a row a little earlier: sent to match again, enriched once
			const { row: _row, ...earlier } = rows[row - 7];
			contact = earlier;
		} else if (row % 100 === 49) {
			contact = { ...universe.unknownContact(FETCHERS[unknown % 4], unknown) };
			unknown++;
		} else {
			// every row a different prospect while the universe has enough (the benchmark's 10,000 reuse them)
			const prospect = universe.prospects[nextProspect++ % universe.prospects.length];
			const fetcher = FETCHERS[row % 4];
			contact = { ...universe.contactFor(prospect, fetcher) };
			if (fetcher === 'phone_number' && row % 8 === 1) contact.phone_number = spaced(String(contact.phone_number));
		}
		rows.push({ row, source: 'crm export', ...contact });
	}
	return rows;
}

/** The prospect id the sandbox returns for a row (undefined for a miss). */
export function expectedProspectId(universe: SandboxUniverse, row: IDataObject): string | undefined {
	const input: IDataObject = {};
	for (const field of ['email', 'phone_number', 'profnet', 'full_name', 'company_name', 'business_id']) {
		// the phone number as typed, without separators (what the node sends)
		if (row[field] !== undefined) input[field] = field === 'phone_number' ? String(row[field]).replace(/[\s()./-]/g, '') : row[field];
	}
	return universe.matchProspect(input)?.prospect_id;
}
