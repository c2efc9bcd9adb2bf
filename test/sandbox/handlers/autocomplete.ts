/**
 * GET /v1/businesses/autocomplete, GET /v1/prospects/autocomplete and GET /v2/autocomplete: the values a filter
 * accepts, looked up by a piece of text. The answer is a bare array of {query, label, value}
 * (no response_context), as the service sends it. Values come from the universe's word lists and
 * businesses, so every value found selects something when used in the matching search filter.
 */
import { type AutocompleteField, FILTER_BRACKETS, JOB_DEPARTMENTS, JOB_LEVELS } from '../../../nodes/shared/api';
import type { SandboxBusiness } from '../universe';
import { GENERIC_JOB_TITLES } from '../universe/vocabulary/people';
import { INDUSTRIES, INTENT_TOPICS, TECHNOLOGIES } from '../universe/vocabulary/companies';
import { COUNTRIES } from '../universe/vocabulary/places';
import type { HandlerContext, Reply } from './context';

/** Most suggestions one answer holds. */
export const AUTOCOMPLETE_CAP = 20;

export interface Suggestion {
	label: string;
	value: string;
}

const same = (value: string): Suggestion => ({ label: value, value });

const distinct = (suggestions: Suggestion[]): Suggestion[] => {
	const seen = new Set<string>();
	return suggestions.filter((entry) => !seen.has(entry.value) && seen.add(entry.value) !== undefined);
};

/** Every suggestion of a field, before the lookup text narrows them. */
function vocabulary(field: AutocompleteField, businesses: readonly SandboxBusiness[]): Suggestion[] {
	const regions = COUNTRIES.flatMap((country) => country.regions.map((region) => ({ country, region })));
	switch (field) {
		case 'country':
			return COUNTRIES.map((country) => ({ label: country.name, value: country.name }));
		case 'country_code':
			return COUNTRIES.map((country) => ({ label: `${country.name} (${country.code})`, value: country.code }));
		case 'region_country_code':
			return regions.map(({ country, region }) => ({
				label: `${region.name}, ${country.name} (${region.code})`,
				value: region.code,
			}));
		case 'city_region':
			return regions.flatMap(({ region }) => region.cities.map((city) => same(`${city}, ${region.name}`)));
		case 'city_region_country':
			return distinct(businesses.map((business) => same(business.facets.city_region_country)));
		case 'websearch_category':
			return distinct(INDUSTRIES.map((industry) => same(industry.websearchCategory)));
		case 'profnet_category':
			return distinct(INDUSTRIES.map((industry) => same(industry.profnetCategory)));
		case 'naics_category':
			return distinct(
				INDUSTRIES.map((industry) => ({ label: `${industry.naics} ${industry.naicsDescription}`, value: industry.naics })),
			);
		case 'company_tech_stack_tech':
			return TECHNOLOGIES.map((technology) => same(technology.name));
		case 'company_tech_stack_categories':
			return distinct(TECHNOLOGIES.map((technology) => same(technology.category)));
		case 'company_size':
		case 'company_revenue':
		case 'company_age':
		case 'number_of_locations':
			return FILTER_BRACKETS[field].map(same);
		case 'company_name':
			return distinct(businesses.map((business) => same(business.name)));
		case 'job_title':
			return distinct([...INDUSTRIES.flatMap((industry) => industry.jobTitles), ...GENERIC_JOB_TITLES].map(same));
		case 'job_department':
			return JOB_DEPARTMENTS.map(same);
		case 'job_level':
			return JOB_LEVELS.map(same);
		case 'business_intent_topics':
			return INTENT_TOPICS.map(same);
	}
}

/** Vocabularies depend on the (frozen, seed-only) business list: built once per list and field. */
const cache = new WeakMap<readonly SandboxBusiness[], Map<AutocompleteField, Suggestion[]>>();

function sortedVocabulary(field: AutocompleteField, businesses: readonly SandboxBusiness[]): Suggestion[] {
	let byField = cache.get(businesses);
	if (!byField) {
		byField = new Map();
		cache.set(businesses, byField);
	}
	let list = byField.get(field);
	if (!list) {
		list = vocabulary(field, businesses).sort((a, b) => a.label.localeCompare(b.label, 'en'));
		byField.set(field, list);
	}
	return list;
}

/**
 * The suggestions for a text: case-insensitive, labels or values starting with it first, then
 * those containing it, each group in label order; at most AUTOCOMPLETE_CAP. An empty text lists
 * the first values.
 */
export function suggest(
	field: AutocompleteField,
	query: string,
	businesses: readonly SandboxBusiness[],
): Suggestion[] {
	const needle = query.trim().toLowerCase();
	const list = sortedVocabulary(field, businesses);
	if (needle === '') return list.slice(0, AUTOCOMPLETE_CAP);
	const starts: Suggestion[] = [];
	const contains: Suggestion[] = [];
	for (const entry of list) {
		const label = entry.label.toLowerCase();
		const value = entry.value.toLowerCase();
		if (label.startsWith(needle) || value.startsWith(needle)) starts.push(entry);
		else if (label.includes(needle) || value.includes(needle)) contains.push(entry);
	}
	return [...starts, ...contains].slice(0, AUTOCOMPLETE_CAP);
}

function autocomplete(ctx: HandlerContext): Reply {
	const field = ctx.query.field as AutocompleteField;
	const query = typeof ctx.query.query === 'string' ? ctx.query.query : '';
	return {
		body: suggest(field, query, ctx.universe.businesses).map((entry) => ({ query, ...entry })),
	};
}

export const businessAutocomplete = (_body: Record<string, never>, ctx: HandlerContext): Reply => autocomplete(ctx);
