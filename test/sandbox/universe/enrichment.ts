/**
 * Content of the four business enrichments, derived on demand from (seed, kind, business id) so
 * it is stable without storing 20,000 documents. The 10-K based kinds exist only for public
 * companies (`business.public_company`): for others the business is absent from the response,
 * which is what a client joining results by id must cope with.
 */
import { Random } from '../random';
import type { SandboxBusiness } from './types';
import { NAME_ADJECTIVES, NAME_NOUNS } from './vocabulary/companies';

export type BusinessEnrichmentKind = 'funding' | 'strategy' | 'website_changes' | 'challenges';

const DAY_MS = 86_400_000;
const FISCAL_YEAR = 2024;
const ROUNDS = ['Seed', 'Series A', 'Series B', 'Series C', 'Series D'];
const SECTIONS = ['pricing', 'careers', 'product', 'about', 'blog', 'leadership'];

const company = (random: Random) => `${random.pick(NAME_ADJECTIVES)} ${random.pick(NAME_NOUNS)} Ventures`;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function funding(random: Random, business: SandboxBusiness, anchorMs: number) {
	const rounds = Array.from({ length: random.int(0, 4) }, (_, index) => ({
		round: ROUNDS[index],
		amount: random.int(1, 50) * 1_000_000 * (index + 1),
		currency: 'USD',
		date: isoDate(anchorMs - (4 - index) * random.int(200, 400) * DAY_MS),
		lead_investors: [company(random)],
	}));
	const acquisitions = Array.from({ length: random.int(0, 2) }, () => ({
		acquired_company: company(random),
		date: isoDate(anchorMs - random.int(30, 1500) * DAY_MS),
		amount: random.chance(0.5) ? random.int(5, 500) * 1_000_000 : null,
	}));
	return {
		company_name: business.name,
		total_funding_amount: rounds.reduce((sum, round) => sum + round.amount, 0),
		funding_rounds: rounds,
		acquisitions,
	};
}

function strategy(random: Random, business: SandboxBusiness) {
	return {
		company_name: business.name,
		fiscal_year: FISCAL_YEAR,
		source: '10-K',
		corporate_focus: random.sample(
			['international expansion', 'recurring revenue', 'operational efficiency', 'product innovation', 'acquisitions'],
			2,
		),
		partnerships: [`${company(random)} (distribution)`, `${company(random)} (technology)`],
		competitive_strategies: random.sample(
			['price leadership', 'vertical integration', 'brand differentiation', 'customer lock-in through platform'],
			2,
		),
	};
}

function websiteChanges(random: Random, business: SandboxBusiness, anchorMs: number) {
	const changes = Array.from({ length: random.int(0, 4) }, () => {
		const section = random.pick(SECTIONS);
		return {
			detected_at: new Date(anchorMs - random.int(3_600, 90 * 86_400) * 1000).toISOString(),
			page_url: `${business.website}/${section}`,
			section,
			change_type: random.pick(['added', 'removed', 'modified']),
			summary: `The ${section} page changed.`,
		};
	});
	return { website: business.website, changes: changes.sort((a, b) => b.detected_at.localeCompare(a.detected_at)) };
}

function challenges(random: Random, business: SandboxBusiness) {
	return {
		company_name: business.name,
		fiscal_year: FISCAL_YEAR,
		source: '10-K',
		risks: random.sample(
			[
				{ category: 'market', description: 'Demand may fall in an economic downturn.' },
				{ category: 'regulatory', description: 'New data protection rules may raise costs.' },
				{ category: 'cybersecurity', description: 'A breach could harm customers and reputation.' },
				{ category: 'supply chain', description: 'Key components depend on few suppliers.' },
			],
			2,
		),
		operational_challenges: random.sample(
			['talent retention', 'integrating acquisitions', 'scaling infrastructure', 'currency exposure'],
			2,
		),
	};
}

/** The nested `data` of one enrichment element, or undefined when the service has none. */
export function businessEnrichment(
	kind: BusinessEnrichmentKind,
	business: SandboxBusiness,
	seed: number,
	anchorMs: number,
): Record<string, unknown> | undefined {
	const random = Random.derive(seed, kind, business.business_id);
	switch (kind) {
		case 'funding':
			return funding(random, business, anchorMs);
		case 'website_changes':
			return websiteChanges(random, business, anchorMs);
		case 'strategy':
			return business.public_company ? strategy(random, business) : undefined;
		case 'challenges':
			return business.public_company ? challenges(random, business) : undefined;
	}
}
