/**
 * Business match in the sandbox (beyond-contract.md section 1): company identifiers to a
 * business of the universe, deterministically. Names match "fuzzy-ish": case, accents,
 * punctuation and a legal suffix ("Inc.", "GmbH", "Pty Ltd") do not count. Order of the rules,
 * as the service's reference states it: name and domain together, then domain alone (a domain
 * from `domain` or from the host of `url`); then the profile URL; then the name alone. A matched
 * business is one of the universe, so it has the events and enrichments the other endpoints serve.
 */
import type { SandboxBusiness } from './types';

/** One element of businesses_to_match. */
export type BusinessMatchInput = {
	name?: string;
	domain?: string;
	url?: string;
	profnet_url?: string;
};

const PROFILE_PREFIX = 'https://www.profnet.example/company/';

/** A business's professional network profile address in the sandbox (not served by search). */
export const businessProfileUrl = (business: SandboxBusiness) => `${PROFILE_PREFIX}${business.domain.replace(/\.example$/, '')}`;

/** Legal suffixes (and their usual words) a name is compared without, dots removed, lowercase. */
const LEGAL_WORDS = new Set([
	'inc', 'llc', 'corp', 'corporation', 'incorporated', 'co', 'company', 'ltd', 'limited', 'plc', 'gmbh', 'ag', 'ab',
	'bv', 'kk', 'ltda', 'sa', 'pte', 'pty', 'pvt', 'sl', 'sas',
]);

/** "Maple Spark Freight Corp." and "maple spark freight" give the same key. */
export function nameKey(name: string): string {
	const words = name
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/\./g, '')
		.replace(/&/g, ' and ')
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean);
	while (words.length > 1 && LEGAL_WORDS.has(words[words.length - 1])) words.pop();
	return words.join(' ');
}

/** "https://www.Acme.example/about", "www.acme.example" and "acme.example" give "acme.example". */
export function domainKey(text: string): string | undefined {
	let host = text.trim().toLowerCase();
	if (/^[a-z][a-z0-9+.-]*:\/\//.test(host) || host.startsWith('//')) {
		try {
			host = new URL(host.startsWith('//') ? `https:${host}` : host).hostname;
		} catch {
			return undefined;
		}
	}
	host = host.split(/[/?#]/)[0].replace(/:\d+$/, '').replace(/\.$/, '').replace(/^www\./, '');
	return host === '' ? undefined : host;
}

const profileKey = (url: string) => url.trim().toLowerCase().replace(/^http:/, 'https:').replace(/\/+$/, '');

interface MatchIndex {
	byDomain: Map<string, SandboxBusiness>;
	byName: Map<string, SandboxBusiness>;
	byProfile: Map<string, SandboxBusiness>;
}

const indexes = new WeakMap<readonly SandboxBusiness[], MatchIndex>();

function indexOf(businesses: readonly SandboxBusiness[]): MatchIndex {
	let index = indexes.get(businesses);
	if (!index) {
		index = { byDomain: new Map(), byName: new Map(), byProfile: new Map() };
		for (const business of businesses) {
			index.byDomain.set(business.domain, business);
			// base names are unique in the universe; the first keeps a key should two ever share it
			const key = nameKey(business.name);
			if (!index.byName.has(key)) index.byName.set(key, business);
			index.byProfile.set(profileKey(businessProfileUrl(business)), business);
		}
		indexes.set(businesses, index);
	}
	return index;
}

/** The business match returns for one input, or undefined for a miss. */
export function matchBusiness(businesses: readonly SandboxBusiness[], input: BusinessMatchInput): SandboxBusiness | undefined {
	const index = indexOf(businesses);
	const name = input.name === undefined ? undefined : nameKey(input.name);
	const domains = [input.domain, input.url].flatMap((text) => {
		const key = text === undefined ? undefined : domainKey(text);
		return key === undefined ? [] : [key];
	});
	const byDomain = domains.map((domain) => index.byDomain.get(domain)).filter((business) => business !== undefined);
	// name and domain together, then domain alone
	const both = byDomain.find((business) => name !== undefined && nameKey(business.name) === name);
	if (both) return both;
	if (byDomain.length > 0) return byDomain[0];
	if (input.profnet_url !== undefined) {
		const byProfile = index.byProfile.get(profileKey(input.profnet_url));
		if (byProfile) return byProfile;
	}
	return name === undefined || name === '' ? undefined : index.byName.get(name);
}
