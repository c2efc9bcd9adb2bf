/**
 * Every numeric limit of the service contract, in one place (API v2's; the v1 wing overrides the
 * few v1 sets differently). The catalog, the request schemas,
 * the batching engine, the parameter UI bounds, the sandbox and the tests all read these:
 * when the service changes a limit, this is the one line to change.
 */
const CONTRACT = {
	/** search: total records across all pages (service-interface.md: 1 to 10,000 for businesses) */
	searchSize: { min: 1, max: 10_000 },
	/** search: business ids to leave out */
	searchExclude: 1_000,
	/** business ids per request when fetching events */
	businessEventIds: 40,
	/** business ids per business enrollment */
	businessEnrollmentIds: 20,
	/** business ids per bulk enrichment request */
	businessEnrichIds: 50,
	/** unique prospect ids per profile or posts enrichment request */
	prospectEnrichIds: 50,
	enrollmentKeyMinLength: 4,
	fullNameLength: { min: 1, max: 97 },
	companyNameLength: 256,
	profileUrlLength: 2_048,
	/** e-mail addresses: RFC 5321's 254-character path limit */
	emailLength: 254,
	/*
	 * Sanity limits of this package where the contract names none, so that a mistaken mapping
	 * (a whole document in one field) is refused before anything is sent.
	 */
	/** enrollment keys */
	enrollmentKeyMaxLength: 256,
	/** any id: prospect, business, enrollment (business ids have their own format) */
	idLength: 256,
	/** one search filter value (a city, a category, a keyword) */
	filterValueLength: 256,
	/** values of one search filter */
	filterValues: 1_000,
	/** one event type name */
	eventTypeLength: 100,
	/** event types in one request */
	eventTypes: 100,
	/** a JSON parameter (Filters, Enrichment Parameters, Event Data Parameters) written as JSON */
	jsonParameterLength: 100_000,
	/** events are served only this far back */
	eventWindowDays: 90,
	/**
	 * [I] assumed, not sourced: the longest span one credit usage aggregation covers, in calendar
	 * days of the request's time zone, by resolution (by endpoint: the month's). /work/shared/spec
	 * gives the request's fields and nothing on its span; these bound the hourly and daily answers'
	 * size. If the service allows more, Get Usage refuses periods it would answer (change the one
	 * line here); if it allows less, its 422 decides, and the item fails with its words.
	 */
	creditsAggregationDays: { hour: 7, day: 60, month: 730 },
	/**
	 * queries per API key in a 60-second sliding window (rate-limits.md: the service counts queries,
	 * a bulk call one per entity; the catalog's `meter` says what each request weighs)
	 */
	rateLimit: { queries: 200, windowMs: 60_000 },
	/** businesses per business match request (beyond-contract.md section 1) */
	businessMatchItems: 50,
	/** a domain name to match a business on (RFC 1035: 253 characters) */
	domainLength: 253,
	/** unique prospect ids per prospect events request (public schema and reference agree) */
	prospectEventIds: 40,
	/*
	 * Prospect search and statistics (beyond the contract: beyond-contract.md §2, §3).
	 */
	/** prospect search: total records across all pages (beyond-contract.md §2: size 1 to 60,000) */
	prospectSearchSize: { min: 1, max: 60_000 },
	/**
	 * prospect search: the most Search Prospects version 1 returns per search. Workflows saved
	 * with version 1 keep this cap (Return All, Include Total); version 2 has the service's 60,000.
	 */
	prospectSearchSizeVersion1: 10_000,
	/** prospect search: prospect ids to leave out */
	prospectSearchExclude: 1_000,
	/** prospect search: values of the job_title filter */
	jobTitleValues: 300,
	/*
	 * Parameters of the bulk enrichments beyond the contract (beyond-contract.md section 6); the ids
	 * per request are businessEnrichIds and prospectEnrichIds (50).
	 */
	/** minimum score of the buying intent enrichment (the service's default is the minimum) */
	intentScore: { min: 60, max: 100 },
	/** the first month the website traffic enrichment has data for */
	trafficFirstMonth: '2017-01',
	/** keywords of the website keywords enrichment (a sanity limit, as filterValues) */
	websiteKeywords: 1_000,
	/** intent topics of the buying intent enrichment (a sanity limit, as filterValues) */
	intentTopics: 1_000,
	/** autocomplete: characters of the text looked up (a sanity limit of this package; a picker's search box) */
	autocompleteQueryLength: 200,
	/*
	 * Webhooks, v1 (webhooks-research.md §1, §3).
	 */
	/** events one check_connectivity simulation pushes */
	webhookSimulatedEvents: { min: 1, max: 10 },
	/** seconds a delivery's X-Timestamp may differ from now, either way */
	webhookTimestampToleranceSeconds: 300,
	/** bytes of a delivered body this package accepts (events are a few kilobytes; a sanity limit) */
	webhookMaxBodyBytes: 1_048_576,
	/** event ids a webhook trigger remembers to drop duplicate deliveries (a sanity limit) */
	webhookSeenEventIds: 10_000,
} as const;

/**
 * What API v2 set differently from v1, or newly (v2-migration-research.md); v1's own values are in
 * ../v1/limits.ts.
 */
export const NEW_IN_V2 = {
	/*
	 * Async enrichment jobs (research §7: "Limits"). Their own entries, first, so that additions
	 * of the other v2 families below do not touch these lines.
	 */
	/** ids one uploaded dataset, and so one job, may hold */
	jobRecords: 10_000,
	/** the longest a job may run before the service gives up on it (24 h) */
	jobMaxRunMs: 24 * 60 * 60_000,
	/** how long a result download link works ("about 1 h"; poll the status again for a fresh one) */
	jobLinkTtlMs: 60 * 60_000,
	/** how long the service keeps a finished job's result file (7 days) */
	jobFileTtlMs: 7 * 24 * 60 * 60_000,
	/** dataset name and description: sanity limits of this package (the research gives none) */
	datasetNameLength: 256,
	datasetDescriptionLength: 1_000,
	/** search: records per page, both searches (research §4, §11: page_size 1 to 500, required) */
	searchPageSize: { min: 1, max: 500 },
	/** search: the most records one cursor-paged search yields (research §4: "the default stays 60K") */
	searchTotal: 60_000,
	/** webhooks one tenant may hold (research §9: "up to 10 per tenant") */
	webhooksPerTenant: 10,
	/** a webhook's URL (research §9: webhook_url is a URI of 1 to 65,536 characters) */
	webhookUrlLength: { min: 1, max: 65_536 },
	/**
	 * prospect ids per prospect enrollment request: the pages say 20, the spec 1,000; the stricter
	 * bound wins (research §13, §17). Business enrollments keep 20 (businessEnrollmentIds).
	 */
	prospectEnrollmentIds: 20,
	/** prospects per match request (research §10: ProspectsMatchRequest, prospects_to_match 1 to 50) */
	matchItems: 50,
	/** values of the prospect search filter business_id (research §11: "business_id (≤10,000 values)") */
	prospectFilterBusinessIds: 10_000,
} as const;

/** Every limit of API v2: the contract's, with what v2 set anew. */
export const LIMITS = { ...CONTRACT, ...NEW_IN_V2 } as const;
