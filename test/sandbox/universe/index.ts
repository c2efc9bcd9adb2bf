/**
 * The simulated service's data, built from a seed: businesses, prospects, events, and the rules
 * that select from them. Handlers and tests read the same universe, so a test can compute the
 * exact answer it expects (`universe.searchBusinesses(filters).length`) instead of hard-coding
 * numbers that change when the generator changes.
 */
import { BUSINESS_COUNT, generateBusinesses } from './businesses';
import { contactFor, ProspectDirectory, unknownContact } from './contacts';
import { type BusinessEnrichmentKind, businessEnrichment } from './enrichment';
import { dateEvents, type EventSeed, EventStore, generateEventSeeds } from './events';
import { type SearchFilters, selectBusinesses } from './filters';
import { matchesSignals, splitSignals } from './signalFilters';
import { generateProspectEvents, ProspectEventStore } from './prospectEvents';
import { generatePosts, generateProspects, PROSPECT_COUNT, type ProspectBase } from './prospects';
import type { BusinessEvent, Fetcher, MatchInput, ProspectEvent, SandboxBusiness, SandboxProspect } from './types';
import {
	businessStats,
	type ProspectSearchFilters,
	prospectStats,
	type SearchableProspect,
	searchableProspects,
	selectProspects,
} from './prospectSearch';
import { searchOnlyProspects } from './searchOnlyProspects';

export type { BusinessEnrichmentKind } from './enrichment';
export type { SearchFilters } from './filters';
export { parseBracket } from './filters';
export type * from './types';
export type { ProspectFacets, ProspectSearchFilters, SearchableProspect } from './prospectSearch';
export { prospectPreview, prospectRecord } from './prospectSearch';

/** Read access for tests. */
export interface SandboxUniverse {
	readonly seed: number;
	/** when the sandbox started: seeded events, posts and website changes are dated back from it */
	readonly anchor: Date;
	readonly businesses: readonly SandboxBusiness[];
	readonly prospects: readonly SandboxProspect[];
	/** live: the seeded events, then those added with `sandbox.addEvent` */
	readonly events: readonly BusinessEvent[];
	/** live: the seeded prospect events, then those added with `sandbox.addProspectEvent` */
	readonly prospectEvents: readonly ProspectEvent[];
	business(businessId: string): SandboxBusiness | undefined;
	prospect(prospectId: string): SandboxProspect | undefined;
	/** every business a search with these filters selects, in served order (before paging and size) */
	searchBusinesses(filters?: SearchFilters, exclude?: readonly string[], nowMs?: number): SandboxBusiness[];
	/** the prospect match returns for one input, or undefined for a miss */
	matchProspect(input: MatchInput): SandboxProspect | undefined;
	/** an input naming the prospect by one fetcher: a hit exactly when `prospect.matchable` */
	contactFor(prospect: SandboxProspect, fetcher: Fetcher): MatchInput;
	/** a valid input naming nobody: always a miss; vary `n` for distinct inputs */
	unknownContact(fetcher: Fetcher, n?: number): MatchInput;
	/** the `data` an enrichment serves for a business, or undefined when it serves none */
	businessEnrichment(kind: BusinessEnrichmentKind, businessId: string): Record<string, unknown> | undefined;
	/**
	 * every prospect with what the prospect filters see (facets) and its company, in served order:
	 * the universe's prospects, then the search-only ones of the searchableProspects option
	 */
	readonly searchableProspects: readonly SearchableProspect[];
	/** every prospect a prospect search with these filters selects, in served order (before paging and size) */
	searchProspects(filters?: ProspectSearchFilters, exclude?: readonly string[]): SearchableProspect[];
	/** what POST /v1/businesses/stats answers for these filters (without response_context) */
	businessStats(filters?: SearchFilters, nowMs?: number): { total_results: number; stats: Record<string, unknown> };
	/** what POST /v1/prospects/stats answers for these filters (without response_context) */
	prospectStats(filters?: ProspectSearchFilters): { total_results: number; stats: Record<string, unknown> };
}

/** The part of a universe that depends on the seed (and its size) only. */
interface UniverseCore {
	businesses: readonly SandboxBusiness[];
	businessById: ReadonlyMap<string, SandboxBusiness>;
	prospects: readonly ProspectBase[];
	events: readonly EventSeed[];
}

/**
 * Test files start many sandboxes with the same seed: the seed-only part is built once per
 * process and frozen, so no test can change what another one sees.
 */
const cores = new Map<string, UniverseCore>();

function deepFreeze<T>(value: T): T {
	if (value && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const child of Object.values(value)) deepFreeze(child);
	}
	return value;
}

function coreFor(seed: number, businessCount: number, prospectCount: number): UniverseCore {
	const key = `${seed}:${businessCount}:${prospectCount}`;
	let core = cores.get(key);
	if (!core) {
		const businesses = deepFreeze(generateBusinesses(seed, businessCount));
		core = {
			businesses,
			businessById: new Map(businesses.map((business) => [business.business_id, business])),
			prospects: deepFreeze(generateProspects(seed, businesses, prospectCount)),
			events: deepFreeze(generateEventSeeds(seed, businesses)),
		};
		cores.set(key, core);
	}
	return core;
}

export class Universe implements SandboxUniverse {
	readonly businesses: readonly SandboxBusiness[];
	readonly prospects: readonly SandboxProspect[];
	/** the sandbox writes here (addEvent); tests read `events` */
	readonly eventStore: EventStore;
	/** the sandbox writes here (addProspectEvent); tests read `prospectEvents` */
	readonly prospectEventStore: ProspectEventStore;
	private readonly businessById: ReadonlyMap<string, SandboxBusiness>;
	private readonly directory: ProspectDirectory;

	/** how many prospects the prospect search serves (the searchableProspects option) */
	private readonly searchableCount: number | undefined;

	constructor(
		readonly seed: number,
		readonly anchor: Date,
		size: { businesses?: number; prospects?: number; searchableProspects?: number } = {},
	) {
		this.searchableCount = size.searchableProspects;
		const anchorMs = anchor.getTime();
		const core = coreFor(seed, size.businesses ?? BUSINESS_COUNT, size.prospects ?? PROSPECT_COUNT);
		this.businesses = core.businesses;
		this.businessById = core.businessById;
		// Posts and events are dated back from this sandbox's start, so they are its own.
		const posts = generatePosts(seed, core.prospects, anchorMs);
		this.prospects = core.prospects.map((prospect, index) => ({ ...prospect, posts: posts[index] }));
		this.directory = new ProspectDirectory(this.prospects);
		this.eventStore = new EventStore(dateEvents(core.events, anchorMs));
		this.prospectEventStore = new ProspectEventStore(
			generateProspectEvents(seed, core.prospects, core.businesses, anchorMs),
		);
	}

	get prospectEvents(): readonly ProspectEvent[] {
		return this.prospectEventStore.all;
	}

	get events(): readonly BusinessEvent[] {
		return this.eventStore.all;
	}

	business(businessId: string) {
		return this.businessById.get(businessId);
	}

	prospect(prospectId: string) {
		return this.directory.get(prospectId);
	}

	/** `nowMs`: the sandbox clock, which the events filter counts back from (the sandbox's start by default) */
	searchBusinesses(filters: SearchFilters = {}, exclude?: readonly string[], nowMs = this.anchor.getTime()) {
		const { signals, rest } = splitSignals(filters);
		const world = { seed: this.seed, events: this.eventStore, nowMs };
		return selectBusinesses(this.businesses, rest, exclude).filter((business) => matchesSignals(business, signals, world));
	}

	matchProspect(input: MatchInput) {
		return this.directory.match(input);
	}

	contactFor(prospect: SandboxProspect, fetcher: Fetcher) {
		return contactFor(prospect, fetcher);
	}

	unknownContact(fetcher: Fetcher, n?: number) {
		return unknownContact(fetcher, n);
	}

	businessEnrichment(kind: BusinessEnrichmentKind, businessId: string) {
		const business = this.businessById.get(businessId);
		return business && businessEnrichment(kind, business, this.seed, this.anchor.getTime());
	}

	private searchable?: SearchableProspect[];

	get searchableProspects(): readonly SearchableProspect[] {
		if (!this.searchable) {
			const own = searchableProspects(this.seed, this.prospects, (id) => this.business(id), this.businesses);
			const extra = Math.max(0, (this.searchableCount ?? 0) - own.length);
			const taken = new Set(own.map((entry) => entry.prospect.prospect_id));
			this.searchable = extra === 0 ? own : own.concat(searchOnlyProspects(this.seed, this.businesses, own.length, extra, taken));
		}
		return this.searchable;
	}

	/** the last selection: every page of one search selects the same prospects again */
	private lastSelection?: { key: string; selected: SearchableProspect[] };

	searchProspects(filters?: ProspectSearchFilters, exclude?: readonly string[]) {
		const key = JSON.stringify([filters ?? {}, exclude ?? []]);
		if (this.lastSelection?.key !== key) {
			this.lastSelection = { key, selected: selectProspects(this.searchableProspects, filters, exclude) };
		}
		return this.lastSelection.selected.slice();
	}

	businessStats(filters?: SearchFilters, nowMs?: number) {
		return businessStats(this.searchBusinesses(filters, undefined, nowMs), filters);
	}

	prospectStats(filters?: ProspectSearchFilters) {
		return prospectStats(this.searchProspects(filters), filters);
	}
}
