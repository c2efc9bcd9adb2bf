/**
 * How match finds a prospect, and how tests build contacts that surely match or surely miss.
 *
 * An input names a prospect by its first fetcher that is known, in the order email, phone_number,
 * profnet, full_name + company_name (all case-insensitive, except the phone number). It matches
 * when it names a prospect, that prospect is `matchable`, and the input's business_id, if given,
 * is the prospect's. Everything else is a miss: unknown contacts, the ~10% unmatchable prospects,
 * and a wrong business_id.
 */
import { nameKey } from './prospects';
import type { Fetcher, MatchInput, SandboxProspect } from './types';

const normalizeUrl = (url: string) => url.trim().toLowerCase().replace(/\/+$/, '');

export class ProspectDirectory {
	private readonly byEmail = new Map<string, SandboxProspect>();
	private readonly byPhone = new Map<string, SandboxProspect>();
	private readonly byProfnet = new Map<string, SandboxProspect>();
	private readonly byName = new Map<string, SandboxProspect>();
	private readonly byId = new Map<string, SandboxProspect>();

	constructor(prospects: readonly SandboxProspect[]) {
		for (const prospect of prospects) {
			this.byId.set(prospect.prospect_id, prospect);
			this.byEmail.set(prospect.email.toLowerCase(), prospect);
			this.byPhone.set(prospect.phone_number, prospect);
			this.byProfnet.set(normalizeUrl(prospect.profnet), prospect);
			this.byName.set(nameKey(prospect.full_name, prospect.company_name), prospect);
		}
	}

	get(prospectId: string): SandboxProspect | undefined {
		return this.byId.get(prospectId);
	}

	/** The prospect an input names, whether or not match would return it. */
	identify(input: MatchInput): SandboxProspect | undefined {
		return (
			(input.email !== undefined ? this.byEmail.get(input.email.trim().toLowerCase()) : undefined) ??
			(input.phone_number !== undefined ? this.byPhone.get(input.phone_number.trim()) : undefined) ??
			(input.profnet !== undefined ? this.byProfnet.get(normalizeUrl(input.profnet)) : undefined) ??
			(input.full_name !== undefined && input.company_name !== undefined
				? this.byName.get(nameKey(input.full_name, input.company_name))
				: undefined)
		);
	}

	/** The prospect match returns for an input, or undefined for a miss. */
	match(input: MatchInput): SandboxProspect | undefined {
		const prospect = this.identify(input);
		if (!prospect?.matchable) return undefined;
		if (input.business_id !== undefined && input.business_id !== prospect.business_id) return undefined;
		return prospect;
	}
}

/**
 * A match input naming `prospect` by one fetcher. It matches exactly when `prospect.matchable`;
 * add `business_id: prospect.business_id` to test the restriction.
 */
export function contactFor(prospect: SandboxProspect, fetcher: Fetcher): MatchInput {
	switch (fetcher) {
		case 'email':
			return { email: prospect.email };
		case 'phone_number':
			return { phone_number: prospect.phone_number };
		case 'profnet':
			return { profnet: prospect.profnet };
		case 'name':
			return { full_name: prospect.full_name, company_name: prospect.company_name };
	}
}

/**
 * A valid input that names nobody, so it always misses; `n` makes as many distinct ones as a test
 * needs. (.invalid is a reserved domain; no seeded phone number starts with +99.)
 */
export function unknownContact(fetcher: Fetcher, n = 0): MatchInput {
	switch (fetcher) {
		case 'email':
			return { email: `nobody.${n}@unknown.invalid` };
		case 'phone_number':
			return { phone_number: `+99${String(n).padStart(9, '0')}` };
		case 'profnet':
			return { profnet: `https://www.profnet.example/in/nobody-${n}` };
		case 'name':
			return { full_name: 'Nobody Known', company_name: `Unknown Company ${n}` };
	}
}
