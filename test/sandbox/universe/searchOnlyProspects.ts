/**
 * Prospects only the prospect search serves, beyond the universe's own (the `searchableProspects`
 * option): enough for the service's 60,000 records per search without making every sandbox
 * build them. Drawn lazily, at the first prospect search, from their own random stream, so the
 * universe's prospects, businesses and events are the same with or without them. Each is a
 * person at a business of the universe with one current job; match, enrich and events do not
 * know them (`universe.prospect(id)` is undefined).
 */
import { Random } from '../random';
import { facetsOf, type SearchableProspect } from './prospectSearch';
import type { ProspectBase } from './prospects';
import type { SandboxBusiness } from './types';
import { INDUSTRIES } from './vocabulary/companies';
import { FIRST_NAMES, GENERIC_JOB_TITLES, LAST_NAMES } from './vocabulary/people';
import { COUNTRIES } from './vocabulary/places';

const slug = (text: string) =>
	text
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '');

/**
 * `count` search-only prospects, numbered from `first` (their place in the search's order), with
 * prospect ids none of `taken` holds.
 */
export function searchOnlyProspects(
	seed: number,
	businesses: readonly SandboxBusiness[],
	first: number,
	count: number,
	taken: ReadonlySet<string>,
): SearchableProspect[] {
	const random = Random.derive(seed, 'searchOnlyProspects');
	const facetRandom = Random.derive(seed, 'searchOnlyProspects', 'facets');
	const ids = new Set(taken);
	const result: SearchableProspect[] = [];
	for (let n = first; n < first + count; n++) {
		const business = random.pick(businesses);
		const country = COUNTRIES.find((entry) => entry.code === business.facets.country_code) ?? COUNTRIES[0];
		const industry = INDUSTRIES.find((entry) => entry.naics === business.naics) ?? INDUSTRIES[0];
		const firstName = random.pick(FIRST_NAMES);
		const lastName = random.pick(LAST_NAMES);
		const fullName = `${firstName} ${lastName}`;
		let prospectId = random.hex(40);
		while (ids.has(prospectId)) prospectId = random.hex(40);
		ids.add(prospectId);
		const jobTitle = random.chance(0.6) ? random.pick(industry.jobTitles) : random.pick(GENERIC_JOB_TITLES);
		const profnet = `https://www.profnet.example/in/${slug(firstName)}-${slug(lastName)}-s${n}`;
		const job = {
			company_name: business.name,
			company_website: business.website,
			title: jobTitle,
			start_date: `${2025 - random.int(0, 8)}-${String(random.int(1, 12)).padStart(2, '0')}-01`,
			end_date: null,
			is_current: true,
		};
		const base: ProspectBase = {
			prospect_id: prospectId,
			full_name: fullName,
			company_name: business.name,
			business_id: business.business_id,
			// numbered, so unique without a lookup
			email: `${slug(firstName)}.${slug(lastName)}.s${n}@${business.domain}`,
			phone_number: `+${country.callingCode}${String(100_000_000 + n).slice(-9)}`,
			profnet,
			profile: {
				full_name: fullName,
				country_name: country.name,
				profnet,
				experience: [job],
				education: [],
				company_name: business.name,
				company_website: business.website,
				job_title: jobTitle,
			},
			matchable: false,
		};
		result.push({
			prospect: { ...base, posts: [] },
			facets: facetsOf(facetRandom, base, business),
			business,
		});
	}
	return result;
}
