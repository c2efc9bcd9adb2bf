/**
 * The search filter semantics: values inside one filter OR, filters AND. Every one of the
 * contract's filters really filters, so a client that sends a filter wrongly gets a visibly wrong
 * answer instead of the whole universe.
 */
import { BRACKET_FILTERS, type FilterName, type SIGNAL_FILTERS } from '../../../nodes/shared/api';
import type { Random } from '../random';
import type { SignalFilters } from './signalFilters';
import type { BusinessMetrics, SandboxBusiness } from './types';

/** The filters the business's facets answer; the signal filters need the universe (signalFilters.ts). */
export type FacetFilterName = Exclude<FilterName, (typeof SIGNAL_FILTERS)[number]>;
export type FacetFilters = Partial<Record<FacetFilterName, { values: string[] }>>;
export type SearchFilters = FacetFilters & SignalFilters;

type BracketFilter = (typeof BRACKET_FILTERS)[number];

/** The number each bracket filter compares against. */
export const BRACKET_METRIC: Record<BracketFilter, keyof BusinessMetrics> = {
	company_size: 'employees',
	company_revenue: 'revenue',
	company_age: 'age_years',
	number_of_locations: 'locations',
};

const SCALE: Record<string, number> = { '': 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };
const BRACKET = /^(\d+(?:\.\d+)?)([KMBT]?)(?:-(\d+(?:\.\d+)?)([KMBT]?)|(\+))?$/;

export interface Range {
	min: number;
	max: number;
}

/** "1-10" → 1..10, "500K-1M" → 500000..1000000, "10001+" → 10001..∞, "1" → 1..1. */
export function parseBracket(value: string): Range | undefined {
	const match = BRACKET.exec(value.trim().toUpperCase());
	if (!match) return undefined;
	const min = Number(match[1]) * SCALE[match[2]];
	if (match[5]) return { min, max: Infinity };
	if (match[3] === undefined) return { min, max: min };
	return { min, max: Number(match[3]) * SCALE[match[4]] };
}

/**
 * A number inside a known bracket but off its edges: neighbouring brackets share an edge
 * ("0-3", "3-6"), and a business must fall in exactly one known bracket.
 */
export function numberInBracket(bracket: string, random: Random): number {
	const range = parseBracket(bracket);
	if (!range) throw new Error(`not a bracket: ${bracket}`);
	if (range.max === Infinity) return random.int(range.min + 1, range.min * 3);
	if (range.max - range.min >= 2) return random.int(range.min + 1, range.max - 1);
	return range.max;
}

const isBracketFilter = (name: FacetFilterName): name is BracketFilter =>
	(BRACKET_FILTERS as readonly string[]).includes(name);

function valueMatches(business: SandboxBusiness, name: FacetFilterName, value: string): boolean {
	if (isBracketFilter(name)) {
		const range = parseBracket(value);
		const metric = business.metrics[BRACKET_METRIC[name]];
		return range !== undefined && metric >= range.min && metric <= range.max;
	}
	const wanted = value.trim().toLowerCase();
	// The contract leaves company_name "exact or fuzzy": a substring covers both.
	if (name === 'company_name') return business.name.toLowerCase().includes(wanted);
	const facet = business.facets[name];
	const candidates = Array.isArray(facet) ? facet : [facet];
	return candidates.some((candidate) => candidate.toLowerCase() === wanted);
}

export function matchesFilters(business: SandboxBusiness, filters: FacetFilters): boolean {
	return (Object.keys(filters) as FacetFilterName[]).every((name) => {
		const filter = filters[name];
		return filter === undefined || filter.values.some((value) => valueMatches(business, name, value));
	});
}

/** The businesses a search selects, in the universe's (stable) order. */
export function selectBusinesses(
	businesses: readonly SandboxBusiness[],
	filters: FacetFilters = {},
	exclude: readonly string[] = [],
): SandboxBusiness[] {
	const excluded = new Set(exclude);
	return businesses.filter((business) => !excluded.has(business.business_id) && matchesFilters(business, filters));
}
