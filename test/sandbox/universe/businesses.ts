/**
 * The businesses: ~5,000 seeded companies with the preview and full fields the service serves and
 * the hidden facets every search filter reads. Distributions are skewed like real data (many small
 * companies, a few huge ones; most in the US) so filters give both large and small result sets.
 */
import { FILTER_BRACKETS } from '../../../nodes/shared/api';
import { Random } from '../random';
import { numberInBracket } from './filters';
import type { SandboxBusiness } from './types';
import {
	GENERIC_KEYWORDS,
	INDUSTRIES,
	INTENT_TOPICS,
	NAME_ADJECTIVES,
	NAME_NOUNS,
	TECHNOLOGIES,
} from './vocabulary/companies';
import { COUNTRIES } from './vocabulary/places';

export const BUSINESS_COUNT = 5_000;

/** Relative frequency of each company_size bracket, smallest first. */
const SIZE_WEIGHTS = [30, 25, 18, 10, 6, 6, 3, 2];
const AGE_WEIGHTS = [10, 15, 20, 25, 30];

const indexes = (length: number) => Array.from({ length }, (_, index) => index);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function generateBusinesses(seed: number, count = BUSINESS_COUNT): SandboxBusiness[] {
	const random = Random.derive(seed, 'businesses');
	const ids = new Set<string>();
	const baseNames = new Set<string>();
	const businesses: SandboxBusiness[] = [];

	for (let n = 0; n < count; n++) {
		let businessId = random.hex(32);
		while (ids.has(businessId)) businessId = random.hex(32);
		ids.add(businessId);

		const country = random.weighted(COUNTRIES, (entry) => entry.weight);
		const region = random.pick(country.regions);
		const city = random.pick(region.cities);
		const industry = random.weighted(INDUSTRIES, (entry) => entry.weight);

		// The base name doubles as the domain, so it must be unique across the universe.
		let baseName: string;
		do {
			baseName = `${random.pick(NAME_ADJECTIVES)} ${random.pick(NAME_NOUNS)} ${random.pick(industry.nameWords)}`;
		} while (baseNames.has(baseName));
		baseNames.add(baseName);
		const name = `${baseName} ${random.pick(country.legalSuffixes)}`;
		const domain = `${slugOf(baseName)}.example`;

		const sizeIndex = random.weighted(indexes(SIZE_WEIGHTS.length), (index) => SIZE_WEIGHTS[index]);
		// Revenue and office count grow with headcount, with some spread.
		const revenueIndex = clamp(sizeIndex + random.int(0, 3), 0, FILTER_BRACKETS.company_revenue.length - 1);
		const locationIndex = clamp(
			Math.floor(sizeIndex * 0.8) + random.int(-1, 1),
			0,
			FILTER_BRACKETS.number_of_locations.length - 1,
		);
		const ageIndex = random.weighted(indexes(AGE_WEIGHTS.length), (index) => AGE_WEIGHTS[index]);
		const companySize = FILTER_BRACKETS.company_size[sizeIndex];
		const companyRevenue = FILTER_BRACKETS.company_revenue[revenueIndex];
		const companyAge = FILTER_BRACKETS.company_age[ageIndex];
		const locations = FILTER_BRACKETS.number_of_locations[locationIndex];

		const techs = random.sample(TECHNOLOGIES, random.int(...industry.techCount));
		const keywords = [
			...random.sample(industry.keywords, random.int(2, 4)),
			...random.sample(GENERIC_KEYWORDS, random.int(0, 2)),
		];
		const publicChance = sizeIndex >= 5 ? 0.6 : sizeIndex >= 3 ? 0.1 : 0;
		const ageYears = numberInBracket(companyAge, random);

		businesses.push({
			business_id: businessId,
			name,
			domain,
			logo: `https://logo.sandbox.example/${domain}.png`,
			country_name: country.name,
			city_name: city,
			region: region.name,
			number_of_employees_range: companySize,
			yearly_revenue_range: companyRevenue,
			website: `https://www.${domain}`,
			business_description:
				`${name} is a ${industry.phrase} company headquartered in ${city}, ${country.name}, ` +
				`founded ${ageYears} year${ageYears === 1 ? '' : 's'} ago.`,
			naics: industry.naics,
			naics_description: industry.naicsDescription,
			sic_code: industry.sicCode,
			sic_code_description: industry.sicDescription,
			business_intent_topics: random.sample(INTENT_TOPICS, random.int(1, 3)),
			facets: {
				country_code: country.code,
				region_country_code: region.code,
				city_region_country: `${city}, ${region.name}, ${country.code}`,
				company_size: companySize,
				company_revenue: companyRevenue,
				company_age: companyAge,
				number_of_locations: locations,
				websearch_category: industry.websearchCategory,
				profnet_category: industry.profnetCategory,
				naics_category: industry.naics,
				company_tech_stack_category: [...new Set(techs.map((tech) => tech.category))],
				company_tech_stack_tech: techs.map((tech) => tech.name),
				website_keywords: keywords,
			},
			metrics: {
				employees: numberInBracket(companySize, random),
				revenue: numberInBracket(companyRevenue, random),
				age_years: ageYears,
				locations: numberInBracket(locations, random),
			},
			public_company: random.chance(publicChance),
		});
	}
	return businesses;
}
