/**
 * The sandbox's universe, without HTTP: determinism per seed, id formats, facets consistent with
 * the served fields and with the filter schemas, contacts valid for the match schema, and the
 * sizes tests rely on (a filter value with over 1,000 businesses, one with 101 to 199).
 */
import { CITY_PATTERN, COUNTRY_CODE_PATTERN, FILTER_BRACKETS, FULL_NAME_PATTERN, LIMITS, matchItemSchema, REGION_CODE_PATTERN } from '../../nodes/shared/api';
import type { Fetcher } from '../sandbox';
import { parseBracket, Universe } from '../sandbox/universe';
import { generateBusinesses } from '../sandbox/universe/businesses';
import { businessEnrichment } from '../sandbox/universe/enrichment';
import { dateEvents, generateEventSeeds } from '../sandbox/universe/events';
import { generatePosts, generateProspects } from '../sandbox/universe/prospects';

const ANCHOR = new Date('2025-06-01T12:00:00.000Z');
const universe = new Universe(1, ANCHOR);
const FETCHERS: Fetcher[] = ['email', 'phone_number', 'profnet', 'name'];

describe('determinism', () => {
	it('builds the same universe from the same seed and anchor, and another from another seed', () => {
		const again = new Universe(1, ANCHOR);
		// JSON comparison: a deep toEqual over 5,000 records is needlessly slow
		expect(JSON.stringify(again.businesses)).toBe(JSON.stringify(universe.businesses));
		expect(JSON.stringify(again.prospects)).toBe(JSON.stringify(universe.prospects));
		expect(JSON.stringify(again.events)).toBe(JSON.stringify(universe.events));

		const other = generateBusinesses(2, 10);
		expect(other[0].business_id).not.toBe(universe.businesses[0].business_id);
		expect(generateProspects(2, other, 10)[0].prospect_id).not.toBe(universe.prospects[0].prospect_id);
	});

	it('never draws from Math.random', () => {
		const random = jest.spyOn(Math, 'random');
		// every generator, on a small universe of a fresh seed
		const businesses = generateBusinesses(3, 200);
		const prospects = generateProspects(3, businesses, 200);
		generatePosts(3, prospects, ANCHOR.getTime());
		dateEvents(generateEventSeeds(3, businesses), ANCHOR.getTime());
		for (const kind of ['funding', 'strategy', 'website_changes', 'challenges'] as const) {
			for (const business of businesses) businessEnrichment(kind, business, 3, ANCHOR.getTime());
		}
		expect(random).not.toHaveBeenCalled();
		random.mockRestore();
	});

	it('dates events and posts from the anchor, keeping ids and payloads', () => {
		const later = new Universe(1, new Date(ANCHOR.getTime() + 3_600_000));
		expect(later.events.map((event) => event.event_id)).toEqual(universe.events.map((event) => event.event_id));
		expect(Date.parse(later.events[0].event_time) - Date.parse(universe.events[0].event_time)).toBe(3_600_000);
		expect(later.prospects[0].posts.map((post) => post.post_url)).toEqual(
			universe.prospects[0].posts.map((post) => post.post_url),
		);
	});

	it('freezes what sandboxes share, so no test can change another one', () => {
		expect(Object.isFrozen(universe.businesses[0])).toBe(true);
		expect(Object.isFrozen(universe.businesses[0].facets.website_keywords)).toBe(true);
		expect(Object.isFrozen(universe.prospects[0].profile)).toBe(true);
	});
});

describe('businesses', () => {
	it('has ~5,000 businesses with unique 32-hex ids, names and domains', () => {
		const { businesses } = universe;
		expect(businesses).toHaveLength(5000);
		expect(businesses.filter((business) => !/^[0-9a-f]{32}$/.test(business.business_id))).toEqual([]);
		for (const key of ['business_id', 'name', 'domain'] as const) {
			expect(new Set(businesses.map((business) => business[key])).size).toBe(businesses.length);
		}
	});

	it('keeps facets valid for the filter schemas and consistent with the served fields', () => {
		// Problems are collected and compared once: 5,000 x 20 expect() calls would be slow.
		const problems = universe.businesses.flatMap((business) => {
			const { facets, metrics } = business;
			const bracketOf = (filter: keyof typeof FILTER_BRACKETS, value: number) =>
				FILTER_BRACKETS[filter].filter((known) => {
					const range = parseBracket(known)!;
					return value >= range.min && value <= range.max;
				});
			const checks: Record<string, boolean> = {
				country_code: COUNTRY_CODE_PATTERN.test(facets.country_code),
				region_country_code:
					REGION_CODE_PATTERN.test(facets.region_country_code) &&
					facets.region_country_code.startsWith(`${facets.country_code}-`),
				city_region_country:
					CITY_PATTERN.test(facets.city_region_country) &&
					facets.city_region_country === `${business.city_name}, ${business.region}, ${facets.country_code}`,
				company_size: facets.company_size === business.number_of_employees_range,
				company_revenue: facets.company_revenue === business.yearly_revenue_range,
				naics_category: facets.naics_category === business.naics,
				website: business.website === `https://www.${business.domain}`,
				// the number behind each bracket lies in that bracket and in no other known one
				employees: bracketOf('company_size', metrics.employees).join() === facets.company_size,
				revenue: bracketOf('company_revenue', metrics.revenue).join() === facets.company_revenue,
				age: bracketOf('company_age', metrics.age_years).join() === facets.company_age,
				locations: bracketOf('number_of_locations', metrics.locations).join() === facets.number_of_locations,
			};
			return Object.entries(checks).flatMap(([check, ok]) => (ok ? [] : [`${business.business_id}: ${check}`]));
		});
		expect(problems).toEqual([]);
	});

	it('offers a filter value with over 1,000 businesses and one with 101 to 199', () => {
		expect(universe.searchBusinesses({ country_code: { values: ['us'] } }).length).toBeGreaterThanOrEqual(1000);
		const se = universe.searchBusinesses({ country_code: { values: ['se'] } }).length;
		expect(se).toBeGreaterThan(100);
		expect(se).toBeLessThan(200);
		expect(universe.businesses.filter((business) => business.public_company).length).toBeGreaterThan(100);
	});
});

describe('prospects', () => {
	it('has unique 40-hex ids and unique contacts, all valid for the match schema', () => {
		const { prospects } = universe;
		expect(prospects.length).toBeGreaterThanOrEqual(2000);
		for (const key of ['prospect_id', 'email', 'phone_number', 'profnet'] as const) {
			expect(new Set(prospects.map((prospect) => prospect[key])).size).toBe(prospects.length);
		}
		const problems = prospects.flatMap((prospect) => {
			const checks: Record<string, boolean> = {
				prospect_id: /^[0-9a-f]{40}$/.test(prospect.prospect_id),
				full_name: FULL_NAME_PATTERN.test(prospect.full_name),
				company: universe.business(prospect.business_id)?.name === prospect.company_name,
				...Object.fromEntries(
					FETCHERS.map((fetcher) => [
						fetcher,
						matchItemSchema.safeParse(universe.contactFor(prospect, fetcher)).success,
					]),
				),
			};
			return Object.entries(checks).flatMap(([check, ok]) => (ok ? [] : [`${prospect.prospect_id}: ${check}`]));
		});
		expect(problems).toEqual([]);
	});

	it('names nobody with unknownContact, which the match schema accepts', () => {
		for (const fetcher of FETCHERS) {
			for (let n = 0; n < 50; n++) {
				const contact = universe.unknownContact(fetcher, n);
				expect(matchItemSchema.safeParse(contact).success).toBe(true);
				expect(universe.matchProspect(contact)).toBeUndefined();
			}
		}
	});

	it('keeps seeded events inside the event window before the anchor', () => {
		const windowStart = ANCHOR.getTime() - LIMITS.eventWindowDays * 86_400_000;
		const outside = universe.events.filter((event) => {
			const at = Date.parse(event.event_time);
			return at <= windowStart || at >= ANCHOR.getTime() || !universe.business(event.business_id);
		});
		expect(outside).toEqual([]);
	});
});
