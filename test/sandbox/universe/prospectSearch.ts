/**
 * Prospect search and statistics (beyond-contract.md §2, §3): what the prospect filters look at,
 * the served prospect records, and the statistics of businesses and prospects.
 *
 * The searchable facts of a prospect (job level and department, where they live, experience,
 * which contact details the service has) are drawn from their own random stream, so adding them
 * changes nothing the existing universe serves (ids, names, profiles, posts). A prospect's
 * company is always a business of the universe: the company filters read that business's facets.
 */
import { createHash } from 'node:crypto';

import { JOB_DEPARTMENTS, JOB_LEVELS, type ProspectFilterName } from '../../../nodes/shared/api';
import { Random } from '../random';
import { type FacetFilterName, type FacetFilters, matchesFilters, type SearchFilters } from './filters';
import type { ProspectBase } from './prospects';
import type { SandboxBusiness, SandboxProspect } from './types';
import { COUNTRIES } from './vocabulary/places';

/** Careers are measured up to this month (profiles are fixed, not anchored to the clock). */
const CAREER_END = { year: 2025, month: 12 };

const SKILLS = [
	'Negotiation',
	'Leadership',
	'Project Management',
	'Data Analysis',
	'Public Speaking',
	'Budgeting',
	'Customer Relationship Management',
	'Strategic Planning',
	'Team Building',
	'Python',
	'SQL',
	'Supply Chain Management',
	'Recruiting',
	'Digital Marketing',
];

/** Interests a prospect may have (v2's interests filter). */
export const INTERESTS = [
	'Artificial Intelligence',
	'Climate',
	'Cycling',
	'Entrepreneurship',
	'Mentoring',
	'Open Source',
	'Photography',
	'Public Speaking',
	'Running',
	'Travel',
];

/**
 * A prospect's interests: 1 to 3, derived from the seed and the id alone, so adding them drew
 * nothing from the generator the other facets come from (the universe stays as it was). Not
 * served: the prospect record has no interests field in either version.
 */
export function interestsOf(seed: number, prospectId: string): string[] {
	const random = Random.derive(seed, 'interests', prospectId);
	return random.sample(INTERESTS, random.int(1, 3));
}

/** What the prospect filters see of one prospect, besides its company. Not served as such. */
export interface ProspectFacets {
	job_level: string;
	job_department: string;
	country_code: string;
	region_country_code: string;
	city_region_country: string;
	country_name: string;
	region_name: string;
	city: string;
	total_experience_months: number;
	current_role_months: number;
	has_email: boolean;
	has_phone_number: boolean;
	has_website: boolean;
	skills: string[];
}

/** A searchable prospect: the universe's prospect, its facets and its company. */
export interface SearchableProspect {
	prospect: SandboxProspect;
	facets: ProspectFacets;
	business: SandboxBusiness;
}

export type ProspectSearchFilters = Partial<Record<ProspectFilterName, unknown>>;

const LEVEL_BY_TITLE: Array<[RegExp, string]> = [
	[/^chief|officer$/i, 'c-suite'],
	[/^vp\b|vice president/i, 'vice president'],
	[/director|^head of/i, 'director'],
	[/manager|partner$/i, 'manager'],
];

const DEPARTMENT_BY_TITLE: Array<[RegExp, string]> = [
	[/chief executive|chief technology|chief financial/i, 'c-suite'],
	[/sales|account executive|business development/i, 'sales'],
	[/marketing/i, 'marketing'],
	[/\bhr\b|human resources/i, 'human resources'],
	[/financ|portfolio/i, 'finance'],
	[/software|engineer/i, 'engineering'],
	[/data/i, 'data'],
	[/product/i, 'product'],
	[/\bit\b|solutions|service delivery/i, 'it'],
	[/medical|nursing|practice/i, 'healthcare'],
	[/plant|manufacturing/i, 'manufacturing'],
	[/procurement|buyer/i, 'procurement'],
	[/store|e-commerce/i, 'retail'],
	[/logistics|fleet/i, 'logistics'],
	[/office/i, 'administration'],
	[/chef|general manager|operations/i, 'operations'],
];

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const END_INDEX = CAREER_END.year * 12 + CAREER_END.month - 1;

/** What the filters see of one prospect, drawn from `random` (the universe's and search-only prospects alike). */
export function facetsOf(random: Random, prospect: ProspectBase, business: SandboxBusiness): ProspectFacets {
	const title = prospect.profile.job_title;
	// 90% from the title, the rest any level or department, so every value of the lists occurs
	const level = random.chance(0.1)
		? random.pick(JOB_LEVELS)
		: (LEVEL_BY_TITLE.find(([pattern]) => pattern.test(title))?.[1] ??
			(random.chance(0.5) ? 'senior non-managerial' : 'non-managerial'));
	const department = random.chance(0.1)
		? random.pick(JOB_DEPARTMENTS)
		: (DEPARTMENT_BY_TITLE.find(([pattern]) => pattern.test(title))?.[1] ?? 'operations');

	// most prospects live where their company is headquartered; some work remotely elsewhere
	let country = COUNTRIES.find((entry) => entry.code === business.facets.country_code) ?? COUNTRIES[0];
	let region = country.regions.find((entry) => entry.code === business.facets.region_country_code) ?? country.regions[0];
	let city = business.city_name;
	if (random.chance(0.15)) {
		country = random.weighted(COUNTRIES, (entry) => entry.weight);
		region = random.pick(country.regions);
		city = random.pick(region.cities);
	}

	const experience = prospect.profile.experience;
	const total = experience.reduce(
		(sum, job) => sum + ((job.end_date ? monthIndex(job.end_date) : END_INDEX) - monthIndex(job.start_date)),
		0,
	);
	const current = experience.find((job) => job.is_current);
	return {
		job_level: level,
		job_department: department,
		country_code: country.code,
		region_country_code: region.code,
		city_region_country: `${city}, ${region.name}, ${country.code}`,
		country_name: country.name,
		region_name: region.name,
		city,
		total_experience_months: Math.max(0, total),
		current_role_months: current ? Math.max(0, END_INDEX - monthIndex(current.start_date)) : 0,
		has_email: random.chance(0.8),
		has_phone_number: random.chance(0.55),
		// every business of the universe has a website
		has_website: Boolean(business.website),
		skills: random.sample(SKILLS, random.int(2, 5)),
	};
}

const cache = new WeakMap<readonly SandboxBusiness[], ProspectFacets[]>();

/** The searchable prospects, in the universe's order (facets cached per seed's businesses). */
export function searchableProspects(
	seed: number,
	prospects: readonly SandboxProspect[],
	business: (businessId: string) => SandboxBusiness | undefined,
	businesses: readonly SandboxBusiness[],
): SearchableProspect[] {
	let facets = cache.get(businesses);
	if (!facets || facets.length !== prospects.length) {
		const random = Random.derive(seed, 'prospectSearch');
		facets = prospects.map((prospect) => facetsOf(random, prospect, business(prospect.business_id)!));
		cache.set(businesses, facets);
	}
	const all = facets;
	return prospects.map((prospect, index) => ({ prospect, facets: all[index], business: business(prospect.business_id)! }));
}

// ---------------------------------------------------------------- filters

type Values = { values: string[] };
const valuesOf = (filter: unknown) => (filter as Values).values;
const lower = (values: string[]) => values.map((value) => value.trim().toLowerCase());

const STOP_WORDS = new Set(['of', 'and', 'the', 'for', 'head', 'senior', 'junior', 'chief', 'officer', 'vp']);
const titleWords = (title: string) =>
	title
		.toLowerCase()
		.split(/[^a-z0-9&]+/)
		.filter((word) => word.length >= 2 && !STOP_WORDS.has(word));

/** A title matches exactly (case aside); with related titles, also one sharing a significant word. */
function titleMatches(title: string, wanted: string[], related: boolean): boolean {
	const own = title.toLowerCase();
	if (lower(wanted).includes(own)) return true;
	if (!related) return false;
	const words = new Set(titleWords(title));
	return wanted.some((value) => titleWords(value).some((word) => words.has(word)));
}

const inRange = (value: number, range: { gte?: number; lte?: number }) =>
	(range.gte === undefined || value >= range.gte) && (range.lte === undefined || value <= range.lte);

/** The company filters, as the business search names them. */
const COMPANY_FILTERS: Partial<Record<ProspectFilterName, FacetFilterName>> = {
	company_country_code: 'country_code',
	company_region_country_code: 'region_country_code',
	company_name: 'company_name',
	company_size: 'company_size',
	company_revenue: 'company_revenue',
	websearch_category: 'websearch_category',
	profnet_category: 'profnet_category',
	naics_category: 'naics_category',
};

/** Whether one prospect passes every filter (values OR, filters AND). */
export function prospectMatches(entry: SearchableProspect, filters: ProspectSearchFilters): boolean {
	const { prospect, facets, business } = entry;
	const companyFilters: FacetFilters = {};
	for (const [name, filter] of Object.entries(filters) as Array<[ProspectFilterName, unknown]>) {
		if (filter === undefined) continue;
		const company = COMPANY_FILTERS[name];
		if (company) {
			companyFilters[company] = filter as Values;
			continue;
		}
		switch (name) {
			case 'job_level':
			case 'job_department':
			case 'country_code':
			case 'region_country_code':
			case 'city_region_country':
				if (!lower(valuesOf(filter)).includes(facets[name].toLowerCase())) return false;
				break;
			case 'job_title': {
				const { values, include_related_job_titles } = filter as Values & { include_related_job_titles?: boolean };
				if (!titleMatches(prospect.profile.job_title, values, include_related_job_titles === true)) return false;
				break;
			}
			case 'total_experience_months':
			case 'current_role_months':
				if (!inRange(facets[name], filter as { gte?: number; lte?: number })) return false;
				break;
			case 'has_email':
			case 'has_phone_number':
			case 'has_website':
				if (facets[name] !== (filter as { value: boolean }).value) return false;
				break;
			case 'business_id':
				if (!valuesOf(filter).includes(prospect.business_id)) return false;
				break;
		}
	}
	return matchesFilters(business, companyFilters);
}

export function selectProspects(
	all: readonly SearchableProspect[],
	filters: ProspectSearchFilters = {},
	exclude: readonly string[] = [],
): SearchableProspect[] {
	const excluded = new Set(exclude);
	return all.filter((entry) => !excluded.has(entry.prospect.prospect_id) && prospectMatches(entry, filters));
}

// ---------------------------------------------------------------- served records

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The full record, with the fields of the service's schema. */
export function prospectRecord({ prospect, facets, business }: SearchableProspect): Record<string, unknown> {
	const space = prospect.full_name.indexOf(' ');
	return {
		prospect_id: prospect.prospect_id,
		first_name: prospect.full_name.slice(0, space),
		last_name: prospect.full_name.slice(space + 1),
		full_name: prospect.full_name,
		country_name: facets.country_name,
		region_name: facets.region_name,
		city: facets.city,
		profnet: prospect.profnet,
		experience: prospect.profile.experience,
		skills: facets.skills,
		company_name: business.name,
		company_website: business.website,
		company_profnet: `https://www.profnet.example/company/${slug(business.domain.replace(/\.example$/, ''))}`,
		job_title: prospect.profile.job_title,
		job_department: facets.job_department,
		job_level_main: facets.job_level,
		business_id: prospect.business_id,
		professional_email_hashed: facets.has_email ? createHash('sha256').update(prospect.email).digest('hex') : null,
	};
}

/** The preview record: who, where, and at which company. */
export function prospectPreview(entry: SearchableProspect): Record<string, unknown> {
	const { prospect, facets, business } = entry;
	return {
		prospect_id: prospect.prospect_id,
		full_name: prospect.full_name,
		job_title: prospect.profile.job_title,
		company_name: business.name,
		business_id: prospect.business_id,
		country_name: facets.country_name,
	};
}

// ---------------------------------------------------------------- statistics

/** category -> { location: count, ..., total }: categories and locations sorted, the total last. */
type Breakdown = Record<string, Record<string, number>>;

function breakdown<T>(entries: readonly T[], category: (entry: T) => string, location: (entry: T) => string): Breakdown {
	const table: Breakdown = {};
	for (const entry of entries) {
		const row = (table[category(entry)] ??= {});
		const place = location(entry);
		row[place] = (row[place] ?? 0) + 1;
	}
	return sortKeys(Object.fromEntries(Object.entries(table).map(([key, row]) => [key, withTotal(row)])));
}

function sortKeys<T>(object: Record<string, T>): Record<string, T> {
	return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The counts by location, sorted, then their total. */
const withTotal = (row: Record<string, number>) => ({
	...sortKeys(row),
	total: Object.values(row).reduce((sum, count) => sum + count, 0),
});

const CATEGORY_FILTER_NAMES = ['websearch_category', 'profnet_category', 'naics_category'] as const;

/**
 * Business statistics: categories per headquarters country, and revenue and employee brackets
 * per category. The category kind is the one the filters use (one per request), else the web
 * search category.
 */
export function businessStats(selected: readonly SandboxBusiness[], filters: SearchFilters = {}) {
	const kind = CATEGORY_FILTER_NAMES.find((name) => filters[name] !== undefined) ?? 'websearch_category';
	const category = (business: SandboxBusiness) => business.facets[kind];
	return {
		total_results: selected.length,
		stats: {
			business_categories_per_location: breakdown(selected, category, (b) => b.facets.country_code),
			revenue_per_category: breakdown(selected, category, (b) => b.facets.company_revenue),
			number_of_employees_per_category: breakdown(selected, category, (b) => b.facets.company_size),
		},
	};
}

/**
 * Prospect statistics: job departments per country of the prospect, and the total per country.
 * The keys depend on the filters: a job_level filter adds job_levels_per_location.
 */
export function prospectStats(selected: readonly SearchableProspect[], filters: ProspectSearchFilters = {}) {
	const location = (entry: SearchableProspect) => entry.facets.country_code;
	const perLocation: Record<string, number> = {};
	for (const entry of selected) perLocation[location(entry)] = (perLocation[location(entry)] ?? 0) + 1;
	const stats: Record<string, unknown> = {
		job_departments_per_location: breakdown(selected, (entry) => entry.facets.job_department, location),
		total_per_location: withTotal(perLocation),
	};
	if (filters.job_level !== undefined) {
		stats.job_levels_per_location = breakdown(selected, (entry) => entry.facets.job_level, location);
	}
	return { total_results: selected.length, stats };
}
