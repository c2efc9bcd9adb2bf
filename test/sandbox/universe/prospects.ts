/**
 * The prospects: people working at the seeded businesses, with the contact details match looks
 * up, a professional profile and 0 to 5 social posts. Profiles are fixed per seed (and cached
 * with the businesses); posts are dated back from the sandbox's start (`anchorMs`), as "days
 * since posted" only makes sense then, so they are drawn per sandbox, from their own stream.
 */
import { Random } from '../random';
import type { Education, Experience, ProspectPost, SandboxBusiness, SandboxProspect } from './types';
import { INDUSTRIES } from './vocabulary/companies';
import {
	DEGREES,
	FIELDS_OF_STUDY,
	FIRST_NAMES,
	GENERIC_JOB_TITLES,
	LAST_NAMES,
	POST_TOPICS,
	SCHOOLS,
} from './vocabulary/people';
import { COUNTRIES } from './vocabulary/places';

/** A prospect before its posts are dated. */
export type ProspectBase = Omit<SandboxProspect, 'posts'>;

export const PROSPECT_COUNT = 3_000;

/** Share of prospects match never finds (the service's real-world miss rate, roughly). */
const UNMATCHABLE_SHARE = 0.1;
/** Relative frequency of 0, 1, 2, 3, 4 and 5 posts. */
const POST_COUNT_WEIGHTS = [25, 15, 20, 20, 10, 10];
const DAY_MS = 86_400_000;
/** Profiles are not anchored to the clock: the same seed gives the same careers on any day. */
const PROFILE_YEAR = 2025;

/** "Zoë Müller" → "zoe.muller": e-mail addresses and URLs stay ASCII. */
const asciiSlug = (text: string, separator: string) =>
	text
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, separator);

/** ISO 8601 without offset, the form the service's post example uses. */
const isoWithoutOffset = (ms: number) => new Date(ms).toISOString().slice(0, 19);

const date = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

function postsOf(random: Random, fullName: string, anchorMs: number): ProspectPost[] {
	const count = random.weighted([0, 1, 2, 3, 4, 5], (n) => POST_COUNT_WEIGHTS[n]);
	const posts: ProspectPost[] = [];
	for (let n = 0; n < count; n++) {
		const days = random.int(0, 180);
		const topic = random.pick(POST_TOPICS);
		posts.push({
			display_name: fullName,
			post_text: random.pick([
				`Excited to share ${topic}.`,
				`A few thoughts on ${topic}.`,
				`Proud of the team for ${topic}!`,
			]),
			days_since_posted: days,
			post_url: `https://www.profnet.example/posts/${random.hex(16)}`,
			number_of_comments: random.int(0, 40),
			number_of_likes: random.int(0, 900),
			created_at: isoWithoutOffset(anchorMs - days * DAY_MS - random.int(0, DAY_MS / 1000 - 1) * 1000),
		});
	}
	// Newest first, as a feed is read.
	return posts.sort((a, b) => a.days_since_posted - b.days_since_posted);
}

/** The posts of each prospect, in the order of `prospects`. */
export function generatePosts(seed: number, prospects: readonly ProspectBase[], anchorMs: number): ProspectPost[][] {
	const random = Random.derive(seed, 'posts');
	return prospects.map((prospect) => postsOf(random, prospect.full_name, anchorMs));
}

function generateCareer(
	random: Random,
	business: SandboxBusiness,
	businesses: readonly SandboxBusiness[],
	jobTitle: string,
): Experience[] {
	let start = PROFILE_YEAR - random.int(0, 8);
	const career: Experience[] = [
		{
			company_name: business.name,
			company_website: business.website,
			title: jobTitle,
			start_date: date(start, random.int(1, 12)),
			end_date: null,
			is_current: true,
		},
	];
	for (let n = random.int(0, 3); n > 0; n--) {
		const previous = random.pick(businesses);
		const end = start;
		start = end - random.int(1, 5);
		career.push({
			company_name: previous.name,
			company_website: previous.website,
			title: random.pick(GENERIC_JOB_TITLES),
			start_date: date(start, random.int(1, 12)),
			end_date: date(end, random.int(1, 12)),
			is_current: false,
		});
	}
	return career;
}

function generateEducation(random: Random, careerStart: number): Education[] {
	const education: Education[] = [];
	let end = careerStart;
	for (let n = random.int(1, 2); n > 0; n--) {
		const start = end - random.int(2, 4);
		education.unshift({
			school: random.pick(SCHOOLS),
			degree: random.pick(DEGREES),
			field_of_study: random.pick(FIELDS_OF_STUDY),
			start_year: start,
			end_year: end,
		});
		end = start;
	}
	return education;
}

/** The identity of a person for name matching: case-insensitive name at company. */
export const nameKey = (fullName: string, companyName: string) =>
	`name:${fullName.trim().toLowerCase()}|${companyName.trim().toLowerCase()}`;

export function generateProspects(
	seed: number,
	businesses: readonly SandboxBusiness[],
	count = PROSPECT_COUNT,
): ProspectBase[] {
	const random = Random.derive(seed, 'prospects');
	const taken = new Set<string>();
	/** Draws until the value is new; `attempt` lets a maker vary its form after a collision. */
	const unique = (make: (attempt: number) => string) => {
		let attempt = 0;
		let value = make(attempt);
		while (taken.has(value)) value = make(++attempt);
		taken.add(value);
		return value;
	};
	const prospects: ProspectBase[] = [];

	for (let n = 0; n < count; n++) {
		const business = random.pick(businesses);
		const country = COUNTRIES.find((entry) => entry.code === business.facets.country_code) ?? COUNTRIES[0];
		const industry = INDUSTRIES.find((entry) => entry.naics === business.naics) ?? INDUSTRIES[0];

		// full_name + company_name is a fetcher: it must name one person.
		let first: string;
		let last: string;
		do {
			first = random.pick(FIRST_NAMES);
			last = random.pick(LAST_NAMES);
		} while (taken.has(nameKey(`${first} ${last}`, business.name)));
		taken.add(nameKey(`${first} ${last}`, business.name));
		const fullName = `${first} ${last}`;
		const prospectId = unique(() => random.hex(40));
		const localPart = `${asciiSlug(first, '')}.${asciiSlug(last, '')}`;
		const email = unique((attempt) => `${localPart}${attempt === 0 ? '' : random.int(2, 99)}@${business.domain}`);
		// Country calling code, then 10 digits (North America) or 9: inside the contract's 1 to 12.
		const digits = country.callingCode === '1' ? 10 : 9;
		const phone = unique(() => `+${country.callingCode}${random.int(2 * 10 ** (digits - 1), 10 ** digits - 1)}`);
		const profnet = unique(() => `https://www.profnet.example/in/${asciiSlug(fullName, '-')}-${random.hex(6)}`);
		const jobTitle = random.chance(0.6) ? random.pick(industry.jobTitles) : random.pick(GENERIC_JOB_TITLES);
		const experience = generateCareer(random, business, businesses, jobTitle);
		const careerStart = Number(experience[experience.length - 1].start_date.slice(0, 4));

		prospects.push({
			prospect_id: prospectId,
			full_name: fullName,
			company_name: business.name,
			business_id: business.business_id,
			email,
			phone_number: phone,
			profnet,
			profile: {
				full_name: fullName,
				country_name: country.name,
				profnet,
				experience,
				education: generateEducation(random, careerStart),
				company_name: business.name,
				company_website: business.website,
				job_title: jobTitle,
			},
			matchable: !random.chance(UNMATCHABLE_SHARE),
		});
	}
	return prospects;
}
