/**
 * The API v2 catalog beside v1's: its routes and limits, its strict bodies (unknown keys, and
 * so every v1-only key, refused), and the names it shares with v1 meaning the same operation.
 */
import { BUSINESS_EVENT_TYPES, BUSINESS_EVENT_TYPES_V2, ENDPOINTS, isJobOperation, LIMITS, NEW_IN_V2, prospectFiltersV2, searchBusinessesBody, v2EventType } from '../../nodes/shared/api';
import { NOBODY_BUSINESS, NOBODY_PROSPECT, VALID_V2_BODIES } from './support/v2Bodies';

type Issues = { success: boolean; error?: { issues: Array<{ code: string; path: unknown[]; message: string; keys?: string[] }> } };
const issues = (result: Issues) =>
	result.success ? [] : result.error!.issues.map(({ code, path, message, keys }) => ({ code, path, message, ...(keys && { keys }) }));

const B = NOBODY_BUSINESS;
const P = NOBODY_PROSPECT;
const VALID = VALID_V2_BODIES;

/** The pull families: the job flow has tests of its own (catalogV2Jobs.test.ts). */
const SYNC = Object.fromEntries(Object.entries(ENDPOINTS).filter(([name]) => !isJobOperation(name)));

describe('the v2 endpoint catalog', () => {
	it('lists the v2 endpoints answered at once with their methods, paths and batch limits', () => {
		const table = Object.entries(SYNC).map(([name, e]) => [name, e.method, e.path, e.batch?.key, e.batch?.limit]);
		expect(table).toEqual([
			['matchBusinesses', 'POST', '/v2/businesses/match', 'businesses_to_match', 50],
			['matchProspects', 'POST', '/v2/prospects/match', 'prospects_to_match', 50],
			['searchBusinesses', 'POST', '/v2/businesses', undefined, undefined],
			['searchProspects', 'POST', '/v2/prospects', undefined, undefined],
			['businessStats', 'POST', '/v2/businesses/stats', undefined, undefined],
			['prospectStats', 'POST', '/v2/prospects/stats', undefined, undefined],
			['autocomplete', 'GET', '/v2/autocomplete', undefined, undefined],
			['getBusinessEvents', 'POST', '/v2/businesses/events', 'business_ids', 40],
			['getProspectEvents', 'POST', '/v2/prospects/events', 'prospect_ids', 40],
			['enrichBusinessFunding', 'POST', '/v2/businesses/funding_and_acquisition/enrich', 'business_ids', 50],
			['enrichBusinessStrategy', 'POST', '/v2/businesses/pc_strategy_10k/enrich', 'business_ids', 50],
			['enrichBusinessWebsiteChanges', 'POST', '/v2/businesses/website_changes/enrich', 'business_ids', 50],
			['enrichBusinessChallenges', 'POST', '/v2/businesses/pc_business_challenges_10k/enrich', 'business_ids', 50],
			['enrichBusinessFirmographics', 'POST', '/v2/businesses/firmographics/enrich', 'business_ids', 50],
			['enrichBusinessTechnographics', 'POST', '/v2/businesses/technographics/enrich', 'business_ids', 50],
			['enrichBusinessEmployeeRatings', 'POST', '/v2/businesses/company_ratings_by_employees/enrich', 'business_ids', 50],
			['enrichBusinessFinancialIndicators', 'POST', '/v2/businesses/financial_indicators/enrich', 'business_ids', 50],
			['enrichBusinessWorkforceTrends', 'POST', '/v2/businesses/workforce_trends/enrich', 'business_ids', 50],
			['enrichBusinessCompetitiveLandscape', 'POST', '/v2/businesses/pc_competitive_landscape_10k/enrich', 'business_ids', 50],
			['enrichBusinessPosts', 'POST', '/v2/businesses/profnet_posts/enrich', 'business_ids', 50],
			['enrichBusinessWebsiteKeywords', 'POST', '/v2/businesses/company_website_keywords/enrich', 'business_ids', 50],
			['enrichBusinessLookalikes', 'POST', '/v2/businesses/lookalikes/enrich', 'business_ids', 50],
			['enrichBusinessWebstack', 'POST', '/v2/businesses/webstack/enrich', 'business_ids', 50],
			['enrichBusinessHierarchy', 'POST', '/v2/businesses/company_hierarchies/enrich', 'business_ids', 50],
			['enrichBusinessWebsiteTraffic', 'POST', '/v2/businesses/website_traffic/enrich', 'business_ids', 50],
			['enrichBusinessIntent', 'POST', '/v2/businesses/business_intent/enrich', 'business_ids', 50],
			['enrichProspectProfiles', 'POST', '/v2/prospects/profiles/enrich', 'prospect_ids', 50],
			['enrichProspectPosts', 'POST', '/v2/prospects/profnet_posts/enrich', 'prospect_ids', 50],
			['enrichProspectContacts', 'POST', '/v2/prospects/contact_information/enrich', 'prospect_ids', 50],
			['credits', 'GET', '/v2/credits', undefined, undefined],
			['creditsAggregation', 'POST', '/v2/credits/aggregation', undefined, undefined],
			['registerWebhook', 'POST', '/v2/webhooks', undefined, undefined],
			['listWebhooks', 'GET', '/v2/webhooks', undefined, undefined],
			['getWebhook', 'GET', '/v2/webhooks/{webhook_id}', undefined, undefined],
			['updateWebhook', 'PATCH', '/v2/webhooks/{webhook_id}', undefined, undefined],
			['deleteWebhook', 'DELETE', '/v2/webhooks/{webhook_id}', undefined, undefined],
			['rotateWebhookSecret', 'POST', '/v2/webhooks/{webhook_id}/rotate_secret', undefined, undefined],
			['checkWebhookConnectivity', 'POST', '/v2/webhooks/{webhook_id}/check_connectivity', undefined, undefined],
			['createBusinessEnrollment', 'POST', '/v2/businesses/events/enrollments', 'business_ids', 20],
			['updateBusinessEnrollment', 'PATCH', '/v2/businesses/events/enrollments/{enrollment_id}', 'business_ids', 20],
			['listBusinessEnrollments', 'GET', '/v2/businesses/events/enrollments', undefined, undefined],
			['deleteBusinessEnrollment', 'DELETE', '/v2/businesses/events/enrollments/{enrollment_id}', undefined, undefined],
			['createProspectEnrollment', 'POST', '/v2/prospects/events/enrollments', 'prospect_ids', 20],
			['updateProspectEnrollment', 'PATCH', '/v2/prospects/events/enrollments/{enrollment_id}', 'prospect_ids', 20],
			['listProspectEnrollments', 'GET', '/v2/prospects/events/enrollments', undefined, undefined],
			['deleteProspectEnrollment', 'DELETE', '/v2/prospects/events/enrollments/{enrollment_id}', undefined, undefined],
		]);
	});

	it('retries only what creates or pushes nothing twice: not a webhook, an enrollment or a test push', () => {
		expect(
			Object.entries(SYNC)
				.filter(([, e]) => !e.idempotent)
				.map(([name]) => name),
		).toEqual(['registerWebhook', 'checkWebhookConnectivity', 'createBusinessEnrollment', 'createProspectEnrollment']);
	});
});

describe('the v2 request schemas', () => {
	it('accept the sample body of every endpoint', () => {
		for (const [name, e] of Object.entries(ENDPOINTS)) {
			expect([name, issues(e.body.safeParse(VALID[name as keyof typeof VALID_V2_BODIES]))]).toEqual([name, []]);
		}
	});

	it('refuse an unknown key at the top of every body, naming it', () => {
		for (const [name, e] of Object.entries(ENDPOINTS)) {
			const result = e.body.safeParse({ ...VALID[name as keyof typeof VALID_V2_BODIES], surprise: 1 });
			expect([name, issues(result)]).toEqual([
				name,
				[{ code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'surprise'", keys: ['surprise'] }],
			]);
		}
	});

	it('refuse the v1 paging keys size and page in a search, and v1 contact filters in a prospect filter', () => {
		expect(issues(searchBusinessesBody.safeParse({ mode: 'full', page_size: 100, size: 1000, page: 2 }))).toEqual([
			{ code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'size', 'page'", keys: ['size', 'page'] },
		]);
		expect(issues(prospectFiltersV2.safeParse({ has_email: { value: true } }))).toEqual([
			{ code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'has_email'", keys: ['has_email'] },
		]);
		expect(issues(prospectFiltersV2.safeParse({ has_contact_details: { value: 'email_or_phone' } }))).toEqual([]);
		expect(issues(prospectFiltersV2.safeParse({ has_contact_details: { value: 'fax' } }))).toEqual([
			{
				code: 'invalid_enum_value',
				path: ['has_contact_details', 'value'],
				message: "Invalid enum value. Expected 'email' | 'phone' | 'email_and_phone' | 'email_or_phone', received 'fax'",
			},
		]);
	});

	it('bound page_size by LIMITS (1 to 500, required) and take an opaque cursor or null', () => {
		expect(NEW_IN_V2).toEqual({
			jobRecords: 10_000,
			jobMaxRunMs: 24 * 60 * 60_000,
			jobLinkTtlMs: 60 * 60_000,
			jobFileTtlMs: 7 * 24 * 60 * 60_000,
			datasetNameLength: 256,
			datasetDescriptionLength: 1_000,
			searchPageSize: { min: 1, max: 500 },
			searchTotal: 60_000,
			webhooksPerTenant: 10,
			webhookUrlLength: { min: 1, max: 65_536 },
			prospectEnrollmentIds: 20,
			matchItems: 50,
			prospectFilterBusinessIds: 10_000,
		});
		const search = ENDPOINTS.searchProspects.body;
		expect(issues(search.safeParse({ mode: 'full', page_size: 500, next_cursor: 'abc' }))).toEqual([]);
		expect(issues(search.safeParse({ mode: 'full', page_size: 500, next_cursor: null }))).toEqual([]);
		expect(issues(search.safeParse({ mode: 'full', page_size: 501 }))).toEqual([
			{ code: 'too_big', path: ['page_size'], message: 'must be at most 500' },
		]);
		expect(issues(search.safeParse({ mode: 'full', page_size: 0 }))).toEqual([
			{ code: 'too_small', path: ['page_size'], message: 'must be at least 1' },
		]);
		expect(issues(search.safeParse({ mode: 'full' }))).toEqual([{ code: 'invalid_type', path: ['page_size'], message: 'Required' }]);
		expect(issues(search.safeParse({ mode: 'full', page_size: 5, next_cursor: '' }))).toEqual([
			{ code: 'too_small', path: ['next_cursor'], message: 'must not be empty' },
		]);
	});

	it('take enrichment ids as one id or a list of 1 to 50, and read one id as a list of one', () => {
		const body = ENDPOINTS.enrichBusinessFirmographics.body;
		expect(body.parse({ business_ids: B })).toEqual({ business_ids: [B] });
		const ids = (n: number) => Array.from({ length: n }, (_, i) => `${i}`.padStart(32, 'a'));
		expect(issues(body.safeParse({ business_ids: ids(LIMITS.businessEnrichIds) }))).toEqual([]);
		expect(issues(body.safeParse({ business_ids: ids(51) }))).toEqual([
			{ code: 'too_big', path: ['business_ids'], message: 'must hold at most 50 ids' },
		]);
		expect(issues(body.safeParse({ business_ids: [] }))).toEqual([
			{ code: 'too_small', path: ['business_ids'], message: 'must hold at least 1 id' },
		]);
		expect(issues(ENDPOINTS.enrichProspectContacts.body.safeParse({ prospect_ids: [P, P] }))).toEqual([
			{ code: 'custom', path: ['prospect_ids'], message: 'must not contain duplicate ids' },
		]);
	});

	it('refuse unknown enrichment parameters, and need the parameters v2 requires', () => {
		expect(issues(ENDPOINTS.enrichBusinessFirmographics.body.safeParse({ business_ids: [B], parameters: { x: 1 } }))).toEqual([
			{ code: 'unrecognized_keys', path: ['parameters'], message: "Unrecognized key(s) in object: 'x'", keys: ['x'] },
		]);
		expect(issues(ENDPOINTS.enrichBusinessWebsiteTraffic.body.safeParse({ business_ids: [B] }))).toEqual([
			{ code: 'invalid_type', path: ['parameters'], message: 'Required' },
		]);
		expect(issues(ENDPOINTS.enrichBusinessWebsiteKeywords.body.safeParse({ business_ids: [B] }))).toEqual([
			{ code: 'invalid_type', path: ['parameters'], message: 'Required' },
		]);
	});

	it('require unique business ids for events (new in v2) and refuse v1 event_data_parameters', () => {
		const events = ENDPOINTS.getBusinessEvents.body;
		expect(issues(events.safeParse({ event_types: ['new_product'], business_ids: [B, B] }))).toEqual([
			{ code: 'custom', path: ['business_ids'], message: 'must not contain duplicate ids' },
		]);
		expect(issues(events.safeParse({ event_types: ['new_product'], business_ids: [B], event_data_parameters: [] }))).toEqual([
			{
				code: 'unrecognized_keys',
				path: [],
				message: "Unrecognized key(s) in object: 'event_data_parameters'",
				keys: ['event_data_parameters'],
			},
		]);
	});

	it('let each batched body enforce its own batch limit', () => {
		for (const [name, e] of Object.entries(ENDPOINTS)) {
			if (!e.batch || e.batch.limit === undefined) continue;
			const element = (i: number) => {
				if (e.batch!.key === 'prospects_to_match') return { email: `p${i}@example.com` };
				if (e.batch!.key === 'businesses_to_match') return { domain: `company-${i}.example` };
				return `${i}`.padStart(32, 'a');
			};
			const list = (n: number) => Array.from({ length: n }, (_, i) => element(i));
			const base = VALID[name as keyof typeof VALID_V2_BODIES];
			expect([name, e.body.safeParse({ ...base, [e.batch.key]: list(e.batch.limit) }).success]).toEqual([name, true]);
			expect([name, e.body.safeParse({ ...base, [e.batch.key]: list(e.batch.limit + 1) }).success]).toEqual([name, false]);
		}
	});
});

describe('the v2 vocabulary', () => {
	it('renames employee_joined_company to executive_joined_company and keeps every other business event type', () => {
		expect(BUSINESS_EVENT_TYPES_V2).toHaveLength(BUSINESS_EVENT_TYPES.length);
		expect(BUSINESS_EVENT_TYPES_V2.filter((type, i) => type !== BUSINESS_EVENT_TYPES[i])).toEqual(['executive_joined_company']);
		expect(BUSINESS_EVENT_TYPES_V2).not.toContain('employee_joined_company');
		expect([v2EventType('employee_joined_company'), v2EventType('new_product'), v2EventType('constructor')]).toEqual([
			'executive_joined_company',
			'new_product',
			'constructor',
		]);
	});
});

describe('the v2 webhook and enrollment schemas', () => {
	const E = ENDPOINTS;

	it('require webhook_id, key, event types and ids to create an enrollment; refuse v1 ttl_days and a request_context object', () => {
		expect(issues(E.createBusinessEnrollment.body.safeParse({ enrollment_key: 'key-accounts', event_types: ['new_product'], business_ids: [B] }))).toEqual([
			{ code: 'invalid_type', path: ['webhook_id'], message: 'Required' },
		]);
		expect(issues(E.createProspectEnrollment.body.safeParse({ ...VALID.createProspectEnrollment, ttl_days: 30 }))).toEqual([
			{ code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'ttl_days'", keys: ['ttl_days'] },
		]);
		expect(issues(E.createBusinessEnrollment.body.safeParse({ ...VALID.createBusinessEnrollment, request_context: {} }))).toEqual([
			{ code: 'invalid_type', path: ['request_context'], message: 'Expected null, received object' },
		]);
	});

	it('take a partial enrollment update, but not an empty one, and never the enrollment id in the body', () => {
		expect(issues(E.updateBusinessEnrollment.body.safeParse({ webhook_id: 'w-2' }))).toEqual([]);
		expect(issues(E.updateProspectEnrollment.body.safeParse({}))).toEqual([
			{ code: 'custom', path: [], message: 'must set at least one of enrollment_key, webhook_id, event_types and the ids' },
		]);
		expect(issues(E.updateBusinessEnrollment.body.safeParse({ enrollment_id: 'e-1', webhook_id: 'w-2' }))).toEqual([
			{ code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'enrollment_id'", keys: ['enrollment_id'] },
		]);
	});

	it('require name and a URL of at most 65,536 characters to create a webhook; no partner_id', () => {
		expect(issues(E.registerWebhook.body.safeParse({ webhook_url: 'https://x.example/hook' }))).toEqual([
			{ code: 'invalid_type', path: ['name'], message: 'Required' },
		]);
		const long = `https://x.example/${'a'.repeat(65_536)}`;
		expect(issues(E.registerWebhook.body.safeParse({ name: 'n', webhook_url: long }))).toEqual([
			{ code: 'too_big', path: ['webhook_url'], message: 'must be at most 65536 characters' },
		]);
		expect(issues(E.registerWebhook.body.safeParse({ ...VALID.registerWebhook, partner_id: 'p-1' }))).toEqual([
			{ code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'partner_id'", keys: ['partner_id'] },
		]);
	});

	it('take status active or disabled in a webhook update, and simulate events under v2 names only', () => {
		expect(issues(E.updateWebhook.body.safeParse({ status: 'paused' }))).toEqual([
			{ code: 'invalid_enum_value', path: ['status'], message: "Invalid enum value. Expected 'active' | 'disabled', received 'paused'" },
		]);
		const check = E.checkWebhookConnectivity.body;
		expect(issues(check.safeParse({ simulation: { event_name: 'executive_joined_company', number_of_events: 10 } }))).toEqual([]);
		expect(issues(check.safeParse({ simulation: { event_name: 'employee_joined_company', number_of_events: 1 } })).map((issue) => issue.path)).toEqual([
			['simulation', 'event_name'],
		]);
		expect(issues(check.safeParse({ partner_id: 'p-1' })).map((issue) => issue.code)).toEqual(['unrecognized_keys']);
	});

	it('read the list status and the forced delete from the query string', () => {
		expect(issues(E.listWebhooks.query!.safeParse({ status: 'disabled' }))).toEqual([]);
		expect(issues(E.deleteWebhook.query!.safeParse({ force: 'true' }))).toEqual([]);
		expect(issues(E.deleteWebhook.query!.safeParse({ force: 'yes' })).map((issue) => issue.path)).toEqual([['force']]);
	});
});
