/**
 * The `data` of each business event type. new_investment follows the contract's payload exactly;
 * the other payloads are not shown by the contract, so they carry a plausible few fields each.
 * Every payload repeats event_name, as the contract's new_investment payload does.
 */
import type { Random } from '../random';
import type { SandboxBusiness } from './types';
import { NAME_ADJECTIVES, NAME_NOUNS } from './vocabulary/companies';
import { COUNTRIES } from './vocabulary/places';

const otherCompany = (random: Random) => `${random.pick(NAME_ADJECTIVES)} ${random.pick(NAME_NOUNS)} Group`;
const newsLink = (random: Random) => `https://news.sandbox.example/articles/${random.hex(12)}`;
const amount = (random: Random, min: number, max: number) => random.int(min, max) * 100_000;
const anyCity = (random: Random) => {
	const country = random.pick(COUNTRIES);
	const region = random.pick(country.regions);
	return `${random.pick(region.cities)}, ${region.name}, ${country.code}`;
};

type PayloadMaker = (random: Random, business: SandboxBusiness) => Record<string, unknown>;

/**
 * Payload fields that hold the event's own time. They are filled in when an event is dated
 * (`datedPayload`), so the rest of a payload can be drawn once per seed and cached.
 */
const TIME_FIELDS: Record<string, string> = { new_investment: 'investment_date' };

const PAYLOADS: Record<string, PayloadMaker> = {
	new_investment: (random) => ({
		investment_date: null,
		investment_amount: amount(random, 5, 500),
		investment_target: otherCompany(random),
		investment_type: random.pick(['equity', 'venture', 'strategic', 'debt']),
		link: newsLink(random),
	}),
	new_funding_round: (random) => ({
		funding_round: random.pick(['Seed', 'Series A', 'Series B', 'Series C']),
		amount: amount(random, 10, 2_000),
		currency: 'USD',
		investors: [otherCompany(random), otherCompany(random)],
		link: newsLink(random),
	}),
	ipo_announcement: (random, business) => ({
		exchange: random.pick(['NASDAQ', 'NYSE', 'LSE', 'XETRA']),
		ticker: business.name.replace(/[^A-Z]/g, '').slice(0, 4),
		price_range: `${random.int(10, 20)}-${random.int(21, 35)} USD`,
		link: newsLink(random),
	}),
	new_product: (random, business) => ({
		product_name: `${business.name.split(' ')[1]} ${random.pick(['One', 'Pro', 'Cloud', 'Go', 'Max'])}`,
		product_description: 'A new offering announced to customers.',
		link: newsLink(random),
	}),
	new_office: (random) => ({ office_location: anyCity(random), link: newsLink(random) }),
	closing_office: (random) => ({ office_location: anyCity(random), link: newsLink(random) }),
	new_partnership: (random) => ({
		partner_company: otherCompany(random),
		partnership_type: random.pick(['technology', 'distribution', 'strategic', 'reseller']),
		link: newsLink(random),
	}),
	employee_joined_company: (random) => ({
		job_title: random.pick(['Chief Revenue Officer', 'VP of Engineering', 'Head of People']),
		link: newsLink(random),
	}),
	company_award: (random) => ({
		award_name: random.pick(['Best Place to Work', 'Innovation Award', 'Fastest Growing Company']),
		link: newsLink(random),
	}),
	outages_and_security_breaches: (random) => ({
		incident_type: random.pick(['outage', 'data breach', 'ransomware']),
		link: newsLink(random),
	}),
	cost_cutting: (random) => ({
		measure: random.pick(['layoffs', 'hiring freeze', 'office consolidation']),
		link: newsLink(random),
	}),
	merger_and_acquisitions: (random) => ({
		counterparty: otherCompany(random),
		deal_type: random.pick(['acquisition', 'merger']),
		deal_value: amount(random, 50, 50_000),
		link: newsLink(random),
	}),
	lawsuits_and_legal_issues: (random) => ({
		case_title: `${otherCompany(random)} v. defendant`,
		link: newsLink(random),
	}),
};

/** increase_in_X_department, decrease_in_X_department, hiring_in_X_department */
const DEPARTMENT_EVENT = /^(increase|decrease|hiring)_in_(.+?)(?:_department|_departments)$/;

/** The payload of an event type, not yet dated. */
export function eventPayload(eventName: string, random: Random, business: SandboxBusiness): Record<string, unknown> {
	const maker = PAYLOADS[eventName];
	if (maker) return { event_name: eventName, ...maker(random, business) };
	const department = DEPARTMENT_EVENT.exec(eventName);
	if (department) {
		const [, change, name] = department;
		return change === 'hiring'
			? { event_name: eventName, department: name.replace(/_/g, ' '), open_positions: random.int(1, 40) }
			: { event_name: eventName, department: name.replace(/_/g, ' '), change_percentage: random.int(5, 60) };
	}
	return { event_name: eventName };
}

/** The payload with its time fields set to the event's time (a new object when any are set). */
export function datedPayload(
	eventName: string,
	payload: Record<string, unknown>,
	eventTime: string,
): Record<string, unknown> {
	const field = TIME_FIELDS[eventName];
	return field ? { ...payload, [field]: eventTime } : payload;
}
