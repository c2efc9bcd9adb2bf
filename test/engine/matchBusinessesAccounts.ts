/**
 * The account table of the accounts -> Match Businesses -> Get Events acceptance, built from the
 * sandbox's universe and shared by the engine and e2e tests: rows naming a company by name and
 * domain, domain alone (typed as people type it: "www.", upper case, a full address), website,
 * profile URL or name alone; every 15th row a duplicate of a row a little earlier; every 20th a
 * company the service does not know. Each row carries `row` (its position) and `owner`, columns a
 * real CRM export would have and that must survive the chain.
 */
import type { IDataObject } from 'n8n-workflow';

import type { SandboxBusiness, SandboxUniverse } from '../sandbox';
import { businessProfileUrl } from '../sandbox/universe/businessMatch';

export interface AccountTable {
	rows: IDataObject[];
	/** the business each row names, null for an unknown company */
	expected: Array<string | null>;
}

const withoutSuffix = (business: SandboxBusiness) => business.name.split(' ').slice(0, 3).join(' ');

function accountFor(business: SandboxBusiness, kind: number): IDataObject {
	switch (kind % 6) {
		case 0:
			return { name: business.name, domain: business.domain };
		case 1:
			return { domain: `www.${business.domain.toUpperCase()}` };
		case 2:
			return { name: business.name, url: business.website };
		case 3:
			return { profnet_url: businessProfileUrl(business) };
		case 4:
			return { name: withoutSuffix(business).toLowerCase() };
		default:
			return { name: business.name, domain: `https://${business.domain}/about` };
	}
}

export function accountTable(universe: SandboxUniverse, count = 120): AccountTable {
	const rows: IDataObject[] = [];
	const expected: Array<string | null> = [];
	let nextBusiness = 0;
	let unknown = 0;
	for (let row = 0; row < count; row++) {
		let account: IDataObject;
		let id: string | null;
		if (row % 15 === 14) {
			// a duplicate of a row a little earlier: matched again, asked for events once
			const { row: _row, ...earlier } = rows[row - 5];
			account = earlier;
			id = expected[row - 5];
		} else if (row % 20 === 9) {
			account = { name: `Nobody Ventures ${unknown}`, domain: `nobody-ventures-${unknown}.invalid` };
			id = null;
			unknown++;
		} else {
			const business = universe.businesses[nextBusiness++];
			account = accountFor(business, row);
			id = business.business_id;
		}
		rows.push({ row, owner: `rep-${row % 4}`, ...account });
		expected.push(id);
	}
	return { rows, expected };
}
