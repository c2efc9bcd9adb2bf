/**
 * Content of the bulk enrichments beyond the contract (beyond-contract.md section 6), derived on
 * demand from (seed, kind, id, parameters) so it is stable and consistent with the universe: the
 * firmographics repeat the business's own record, technographics and webstack its tech stack,
 * website keywords its website keywords, intent its intent topics; lookalikes, peers,
 * competitors and parents are businesses of the universe (same industry where it matters),
 * contact information repeats the prospect's email and phone. Some kinds exist only for some
 * businesses (financials and the annual-report kinds for public companies; ratings, traffic and
 * hierarchies for most): for the others the business is absent from the response.
 */
import { Random } from '../random';
import type { SandboxBusiness, SandboxProspect } from './types';
import { TECHNOLOGIES } from './vocabulary/companies';

export type MoreBusinessEnrichmentKind =
	| 'firmographics'
	| 'technographics'
	| 'ratings'
	| 'financials'
	| 'workforce'
	| 'competitive_landscape'
	| 'posts'
	| 'website_keywords'
	| 'lookalikes'
	| 'webstack'
	| 'hierarchy'
	| 'traffic'
	| 'intent';

/** What a business enrichment reads besides the business: the universe's businesses and its clock. */
export interface EnrichmentWorld {
	seed: number;
	anchorMs: number;
	businesses: readonly SandboxBusiness[];
	business(id: string): SandboxBusiness | undefined;
}

const DAY_MS = 86_400_000;
const FISCAL_YEAR = 2024;
const DEPARTMENTS = ['engineering', 'sales', 'marketing', 'operations', 'finance', 'human_resources', 'customer_support'];
const CHANNELS = ['direct', 'search', 'social', 'referral', 'email', 'paid'];
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TECH_CATEGORY = new Map(TECHNOLOGIES.map((tech) => [tech.name, tech.category]));

/** Businesses of the same industry (NAICS), the business itself left out, in universe order. */
function peersOf(world: EnrichmentWorld, business: SandboxBusiness, filter: (peer: SandboxBusiness) => boolean = () => true) {
	return world.businesses.filter(
		(peer) => peer.naics === business.naics && peer.business_id !== business.business_id && filter(peer),
	);
}

function firmographics(random: Random, business: SandboxBusiness) {
	// some records hold empty text where the service knows nothing: '' in /enrich, an empty cell in a result file
	const unknownDescription = random.chance(0.1);
	const noProfile = random.chance(0.1);
	return {
		name: business.name,
		description: unknownDescription ? '' : business.business_description,
		website: business.website,
		domain: business.domain,
		location: { country_name: business.country_name, region: business.region, city_name: business.city_name },
		naics: business.naics,
		naics_description: business.naics_description,
		sic_code: business.sic_code,
		sic_code_description: business.sic_code_description,
		ticker: business.public_company ? business.name.replace(/[^A-Za-z]/g, '').slice(0, 4).toUpperCase() : null,
		number_of_employees_range: business.number_of_employees_range,
		yearly_revenue_range: business.yearly_revenue_range,
		profnet_profile: noProfile ? '' : `https://www.profnet.example/company/${business.domain.split('.')[0]}`,
	};
}

function technographics(business: SandboxBusiness) {
	const byCategory: Record<string, string[]> = {};
	for (const tech of business.facets.company_tech_stack_tech) {
		const category = TECH_CATEGORY.get(tech) ?? 'Other';
		(byCategory[category] ??= []).push(tech);
	}
	return { full_tech_stack: [...business.facets.company_tech_stack_tech], tech_stack_by_category: byCategory };
}

function ratings(random: Random, business: SandboxBusiness) {
	if (random.chance(0.25)) return undefined;
	const overall = random.int(20, 48) / 10;
	const near = () => round(Math.min(5, Math.max(1, overall + (random.int(-6, 6) / 10))), 1);
	return {
		ratings_overall: overall,
		ratings_culture_and_values: near(),
		ratings_work_life_balance: near(),
		ratings_compensation_and_benefits: near(),
		ratings_career_opportunities: near(),
		ratings_senior_management: near(),
		total_reviews_count: Math.max(3, Math.round(business.metrics.employees * random.int(2, 20) / 100)),
	};
}

function financials(random: Random, world: EnrichmentWorld, business: SandboxBusiness, date: string | undefined) {
	if (!business.public_company) return undefined;
	const revenue = business.metrics.revenue;
	return {
		as_of: date ?? isoDate(world.anchorMs),
		currency: 'USD',
		revenue_yearly: revenue,
		ebitda: Math.round(revenue * random.int(5, 30) / 100),
		cagr: round(random.int(-50, 300) / 1000, 3),
		roa: round(random.int(-20, 150) / 1000, 3),
		tsr_1y: round(random.int(-400, 600) / 1000, 3),
		tsr_3y: round(random.int(-500, 1200) / 1000, 3),
		tsr_5y: round(random.int(-600, 2000) / 1000, 3),
		peer_companies: peersOf(world, business, (peer) => peer.public_company)
			.slice(0, 3)
			.map((peer) => ({ business_id: peer.business_id, name: peer.name })),
	};
}

function workforce(random: Random) {
	const weights = DEPARTMENTS.map(() => random.int(1, 20));
	const total = weights.reduce((sum, weight) => sum + weight, 0);
	const trends: Record<string, number> = {};
	DEPARTMENTS.forEach((department, index) => {
		trends[`perc_${department}_roles`] = round((weights[index] / total) * 100, 1);
		trends[`change_in_${department}_roles`] = round(random.int(-100, 100) / 10, 1);
	});
	return trends;
}

function competitiveLandscape(random: Random, world: EnrichmentWorld, business: SandboxBusiness) {
	if (!business.public_company) return undefined;
	return {
		company_name: business.name,
		key_competitors: peersOf(world, business).slice(0, 3).map((peer) => peer.name),
		competitive_differentiation: random.sample(
			['breadth of product line', 'price', 'customer service', 'brand recognition', 'proprietary technology', 'global reach'],
			3,
		),
		filed_at: `${FISCAL_YEAR + 1}-02-${String(random.int(10, 28)).padStart(2, '0')}`,
	};
}

/** Zero to four posts, newest first: one response element each. */
function posts(random: Random, world: EnrichmentWorld, business: SandboxBusiness) {
	return Array.from({ length: random.int(0, 4) }, (_, index) => {
		const daysAgo = random.int(1, 60);
		return {
			post_text: `${business.name} news #${index + 1}: ${random.pick(['we are hiring', 'a new product is live', 'meet us at the fair', 'our yearly report is out'])}.`,
			post_url: `https://www.profnet.example/posts/${business.business_id.slice(0, 12)}-${index + 1}`,
			likes: random.int(0, 900),
			comments: random.int(0, 80),
			created_at: new Date(world.anchorMs - daysAgo * DAY_MS).toISOString().slice(0, 19),
		};
	}).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

function websiteKeywords(business: SandboxBusiness, keywords: readonly string[]) {
	const known = business.facets.website_keywords.map((keyword) => keyword.toLowerCase());
	const text = `${business.name} ${business.business_description}`.toLowerCase();
	const results = keywords.map((keyword) => {
		const word = keyword.toLowerCase();
		const found = known.includes(word) || text.includes(word);
		return { keyword, found, text: found ? `… ${keyword} at ${business.name} …` : null, url: found ? business.website : null };
	});
	return { url: business.website, keywords_indicator: results.some((result) => result.found), text_results: results };
}

/** Up to three companies of the same industry: one response element each, most similar first. */
function lookalikes(random: Random, world: EnrichmentWorld, business: SandboxBusiness) {
	const peers = peersOf(world, business);
	return random
		.sample(peers, Math.min(3, peers.length))
		.map((peer) => ({ business_id: peer.business_id, name: peer.name, domain: peer.domain, similarity_score: random.int(60, 99) / 100 }))
		.sort((a, b) => b.similarity_score - a.similarity_score);
}

function webstack(random: Random, world: EnrichmentWorld, business: SandboxBusiness) {
	const techs = business.facets.company_tech_stack_tech;
	const liveTechs = techs.map((tech) => ({
		name: tech,
		category: TECH_CATEGORY.get(tech) ?? 'Other',
		first_detected: isoDate(world.anchorMs - random.int(30, 2000) * DAY_MS),
	}));
	const monthly = techs.length * random.int(2, 40) * 100;
	return {
		live_techs: liveTechs,
		technologies_categories: [...business.facets.company_tech_stack_category],
		spend: { monthly_estimate: monthly, currency: 'USD' },
		// a field some records lack (research §7 names it, renamed in v2): left out where the yearly spend is unknown
		...(random.chance(0.6) && { money_spend_on_website_technologies: monthly * 12 }),
	};
}

/** Parents have a lower index than their children (no cycles); built once per business list. */
const hierarchies = new WeakMap<readonly SandboxBusiness[], Map<string, SandboxBusiness>>();
function parentsOf(world: EnrichmentWorld): Map<string, SandboxBusiness> {
	let parents = hierarchies.get(world.businesses);
	if (parents) return parents;
	parents = new Map();
	world.businesses.forEach((business, index) => {
		const random = Random.derive(world.seed, 'hierarchy', business.business_id);
		if (index > 0 && random.chance(0.15)) parents?.set(business.business_id, world.businesses[random.int(0, index - 1)]);
	});
	hierarchies.set(world.businesses, parents);
	return parents;
}

function hierarchy(world: EnrichmentWorld, business: SandboxBusiness) {
	const parents = parentsOf(world);
	const parent = parents.get(business.business_id);
	const subsidiaries = world.businesses.filter((other) => parents.get(other.business_id) === business);
	if (!parent && subsidiaries.length === 0) return undefined;
	let ultimate = parent;
	while (ultimate && parents.has(ultimate.business_id)) ultimate = parents.get(ultimate.business_id);
	return {
		parent_business_id: parent?.business_id ?? null,
		parent_name: parent?.name ?? null,
		ultimate_parent_business_id: ultimate?.business_id ?? null,
		ultimate_parent_name: ultimate?.name ?? null,
		subsidiaries: subsidiaries.map((other) => ({ business_id: other.business_id, name: other.name })),
	};
}

function traffic(random: Random, world: EnrichmentWorld, business: SandboxBusiness, month: string) {
	// no figures for a month that has not ended, nor for about a tenth of the websites
	if (month >= new Date(world.anchorMs).toISOString().slice(0, 7) || random.chance(0.1)) return undefined;
	const visits = Math.round(business.metrics.employees * random.int(20, 400));
	const shares = CHANNELS.map(() => random.int(1, 10));
	const total = shares.reduce((sum, share) => sum + share, 0);
	return {
		month_period: month,
		website: business.website,
		visits,
		users: Math.round(visits * random.int(40, 90) / 100),
		bounce_rate: random.int(25, 75) / 100,
		rank: random.int(1_000, 5_000_000),
		channels: Object.fromEntries(CHANNELS.map((channel, index) => [channel, round(shares[index] / total, 3)])),
	};
}

export const intentLevel = (score: number) => (score >= 90 ? 'very_high_intent' : score >= 75 ? 'high_intent' : 'emerging_intent');

/**
 * The intent score of each of a business's topics: the same for the enrichment, whatever its
 * parameters, and for the search filter business_intent_topics (universe/signalFilters.ts).
 */
export function intentScores(seed: number, business: SandboxBusiness): Array<{ topic: string; score: number }> {
	const random = Random.derive(seed, 'intent', business.business_id);
	return business.business_intent_topics.map((topic) => ({ topic, score: random.int(60, 100) }));
}

function intent(seed: number, business: SandboxBusiness, topics: readonly string[] | undefined, minScore: number) {
	const wanted = topics?.map((topic) => topic.toLowerCase());
	const scored = intentScores(seed, business);
	const kept = scored.filter(({ topic, score }) => score >= minScore && (!wanted || wanted.includes(topic.toLowerCase())));
	if (kept.length === 0) return undefined;
	const best = Math.max(...kept.map(({ score }) => score));
	return {
		intent_topics: kept.map(({ topic, score }) => ({ topic, score, level_of_intent: intentLevel(score) })),
		level_of_intent: intentLevel(best),
	};
}

/**
 * The `data` of the response elements of one enrichment for one business: none (absent from the
 * response), one, or several (posts, lookalikes).
 */
export function moreBusinessEnrichment(
	kind: MoreBusinessEnrichmentKind,
	world: EnrichmentWorld,
	business: SandboxBusiness,
	parameters: Record<string, unknown> = {},
): Array<Record<string, unknown>> {
	const random = Random.derive(world.seed, kind, business.business_id, JSON.stringify(parameters));
	const one = (data: Record<string, unknown> | undefined) => (data ? [data] : []);
	switch (kind) {
		case 'firmographics':
			return one(firmographics(random, business));
		case 'technographics':
			return one(technographics(business));
		case 'ratings':
			return one(ratings(Random.derive(world.seed, kind, business.business_id), business));
		case 'financials':
			return one(financials(random, world, business, parameters.date as string | undefined));
		case 'workforce':
			return one(workforce(random));
		case 'competitive_landscape':
			return one(competitiveLandscape(random, world, business));
		case 'posts':
			return posts(Random.derive(world.seed, kind, business.business_id), world, business);
		case 'website_keywords':
			return one(websiteKeywords(business, (parameters.keywords as string[] | undefined) ?? []));
		case 'lookalikes':
			return lookalikes(random, world, business);
		case 'webstack':
			return one(webstack(random, world, business));
		case 'hierarchy':
			return one(hierarchy(world, business));
		case 'traffic': {
			const month = parameters.month_period as string;
			return one(traffic(Random.derive(world.seed, kind, business.business_id, month), world, business, month));
		}
		case 'intent':
			// the same score for a topic whatever the filter: derived without the parameters
			return one(
				intent(
					world.seed,
					business,
					parameters.topics as string[] | undefined,
					(parameters.min_score as number | undefined) ?? 60,
				),
			);
	}
}

/** The contact information of a prospect, or undefined for about one prospect in eight. */
export function contactInformation(seed: number, prospect: SandboxProspect): Record<string, unknown> | undefined {
	const random = Random.derive(seed, 'contacts', prospect.prospect_id);
	if (random.chance(0.125)) return undefined;
	const personal = random.chance(0.3) ? `${prospect.email.split('@')[0]}@mail.example` : undefined;
	const mobile = random.chance(0.6) ? prospect.phone_number : null;
	return {
		emails: [
			{ address: prospect.email, type: 'professional' },
			...(personal ? [{ address: personal, type: 'personal' }] : []),
		],
		professions_email: prospect.email,
		professional_email_status: random.pick(['valid', 'valid', 'valid', 'catch-all', 'invalid']),
		phone_numbers: [prospect.phone_number],
		mobile_phone: mobile,
	};
}
