/**
 * Prospect events (POST /v1/prospects/events), consistent with the prospects' careers:
 * - prospect_changed_company: from the previous job of the profile (a business of the universe)
 *   to the current one;
 * - prospect_changed_role: a new title at the current company (the profile's job_title);
 * - prospect_job_start_anniversary: on the anniversary of the current job's start_date, when it
 *   falls in the event window, with years_at_company counted from that date.
 * Changes are drawn once per seed (as ages before the sandbox's start); anniversaries follow the
 * calendar from the sandbox's start. Tests add more with `sandbox.addProspectEvent`.
 */
import { LIMITS, PROSPECT_EVENT_TYPES } from '../../../nodes/shared/api';
import { Random } from '../random';
import { isoWithOffset } from './events';
import type { ProspectEvent, SandboxBusiness, SandboxProspect } from './types';
import { GENERIC_JOB_TITLES } from './vocabulary/people';

export type ProspectEventType = (typeof PROSPECT_EVENT_TYPES)[number];

/** Share of prospects with a company change (of those with a previous job) and with a role change. */
const COMPANY_CHANGE_SHARE = 0.2;
const ROLE_CHANGE_SHARE = 0.15;
const DAY_MS = 86_400_000;
/** seeded events are at least this old, and this far inside the window's far edge */
const MIN_AGE_MS = 60_000;
const EDGE_MS = 3_600_000;

type BusinessByWebsite = ReadonlyMap<string, SandboxBusiness>;

/** The business behind a career entry, found by its website (names may repeat, websites do not). */
function businessOf(businesses: BusinessByWebsite, website: string | null): SandboxBusiness | undefined {
	return website === null ? undefined : businesses.get(website);
}

/**
 * The `data` of a change: `previousTitle` is the title before a role change; a company change
 * reads the previous job from the profile. Undefined when the profile has no previous job at a
 * business of the universe.
 */
export function changePayload(
	type: 'prospect_changed_company' | 'prospect_changed_role',
	prospect: SandboxProspect | Omit<SandboxProspect, 'posts'>,
	businesses: BusinessByWebsite,
	previousTitle: string,
): Record<string, unknown> | undefined {
	const current = {
		current_company_name: prospect.company_name,
		current_company_id: prospect.business_id,
		current_job_title: prospect.profile.job_title,
	};
	if (type === 'prospect_changed_role') {
		return {
			previous_company_name: prospect.company_name,
			previous_company_id: prospect.business_id,
			previous_job_title: previousTitle,
			...current,
		};
	}
	const previous = prospect.profile.experience[1];
	const business = previous && businessOf(businesses, previous.company_website);
	if (!previous || !business) return undefined;
	return {
		previous_company_name: business.name,
		previous_company_id: business.business_id,
		previous_job_title: previous.title,
		...current,
	};
}

/** "2026-03-01" (UTC) */
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The anniversary `data` for the current job on the given date (its start_date's month and day). */
export function anniversaryPayload(
	prospect: SandboxProspect | Omit<SandboxProspect, 'posts'>,
	anniversaryMs: number,
): Record<string, unknown> {
	const start = prospect.profile.experience[0].start_date;
	return {
		full_name: prospect.full_name,
		company_name: prospect.company_name,
		years_at_company: new Date(anniversaryMs).getUTCFullYear() - Number(start.slice(0, 4)),
		job_title: prospect.profile.job_title,
		job_anniversary_date: isoDate(anniversaryMs),
		profnet_url: prospect.profnet,
	};
}

/** The latest anniversary (midnight UTC) of the current job's start strictly inside (after, before]. */
function anniversaryIn(prospect: Omit<SandboxProspect, 'posts'>, after: number, before: number): number | undefined {
	const [year, month, day] = prospect.profile.experience[0].start_date.split('-').map(Number);
	for (let y = new Date(before).getUTCFullYear(); y > year; y--) {
		const at = Date.UTC(y, month - 1, day);
		if (at <= before) return at > after ? at : undefined;
	}
	return undefined;
}

/** The seeded prospect events of a sandbox started at `anchorMs`, oldest first. */
export function generateProspectEvents(
	seed: number,
	prospects: ReadonlyArray<Omit<SandboxProspect, 'posts'>>,
	businesses: readonly SandboxBusiness[],
	anchorMs: number,
): ProspectEvent[] {
	const random = Random.derive(seed, 'prospect-events');
	const byWebsite = new Map(businesses.map((business) => [business.website, business]));
	const windowMs = LIMITS.eventWindowDays * DAY_MS;
	const age = () => random.int(MIN_AGE_MS / 1000, (windowMs - EDGE_MS) / 1000) * 1000;
	const events: ProspectEvent[] = [];
	for (const prospect of prospects) {
		// every prospect draws the same values whatever the anchor, so a seed's changes never move
		const draws = {
			company: { happens: random.chance(COMPANY_CHANGE_SHARE), ageMs: age(), id: random.uuid() },
			role: { happens: random.chance(ROLE_CHANGE_SHARE), ageMs: age(), id: random.uuid() },
			anniversaryId: random.uuid(),
			previousTitle: random.pick(GENERIC_JOB_TITLES.filter((title) => title !== prospect.profile.job_title)),
		};
		const add = (event_name: ProspectEventType, at: number, event_id: string, data: Record<string, unknown>) =>
			events.push({ event_name, event_time: isoWithOffset(at), event_id, prospect_id: prospect.prospect_id, data });

		if (draws.company.happens) {
			const data = changePayload('prospect_changed_company', prospect, byWebsite, draws.previousTitle);
			if (data) add('prospect_changed_company', anchorMs - draws.company.ageMs, draws.company.id, data);
		}
		if (draws.role.happens) {
			const data = changePayload('prospect_changed_role', prospect, byWebsite, draws.previousTitle) ?? {};
			add('prospect_changed_role', anchorMs - draws.role.ageMs, draws.role.id, data);
		}
		const anniversary = anniversaryIn(prospect, anchorMs - windowMs + EDGE_MS, anchorMs - MIN_AGE_MS);
		if (anniversary !== undefined) {
			add('prospect_job_start_anniversary', anniversary, draws.anniversaryId, anniversaryPayload(prospect, anniversary));
		}
	}
	return events.sort(byTime);
}

function byTime(a: ProspectEvent, b: ProspectEvent): number {
	return Date.parse(a.event_time) - Date.parse(b.event_time) || a.event_id.localeCompare(b.event_id);
}

export interface ProspectEventQuery {
	prospect_ids: readonly string[];
	event_types: readonly string[];
	/** exclusive lower bound, in ms */
	afterMs: number;
	/** inclusive upper bound, in ms */
	untilMs: number;
}

/** The prospect event log of one sandbox, indexed by prospect. */
export class ProspectEventStore {
	private readonly list: ProspectEvent[] = [];
	private readonly byProspect = new Map<string, ProspectEvent[]>();
	private readonly ids = new Set<string>();

	constructor(events: readonly ProspectEvent[]) {
		for (const event of events) this.add(event);
	}

	get all(): readonly ProspectEvent[] {
		return this.list;
	}

	add(event: ProspectEvent): void {
		this.list.push(event);
		this.ids.add(event.event_id);
		const forProspect = this.byProspect.get(event.prospect_id) ?? [];
		forProspect.push(event);
		this.byProspect.set(event.prospect_id, forProspect);
	}

	has(eventId: string): boolean {
		return this.ids.has(eventId);
	}

	/** Oldest first. */
	query({ prospect_ids, event_types, afterMs, untilMs }: ProspectEventQuery): ProspectEvent[] {
		const types = new Set(event_types);
		return [...new Set(prospect_ids)]
			.flatMap((id) => this.byProspect.get(id) ?? [])
			.filter((event) => {
				const time = Date.parse(event.event_time);
				return types.has(event.event_name) && time > afterMs && time <= untilMs;
			})
			.sort(byTime);
	}
}
