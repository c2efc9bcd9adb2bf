/**
 * The API v2 catalog beside v1's: its routes and limits, its strict bodies (unknown keys, and
 * so every v1-only key, refused), and the names it shares with v1 meaning the same operation.
 */
import { API_VERSIONS, catalogFor, ENDPOINTS, isJobOperation, V1_ENDPOINTS, V2_ENDPOINTS } from '../../nodes/shared/catalog';
import { LIMITS, LIMITS_V2 } from '../../nodes/shared/limits';
import { prospectFiltersV2, searchBusinessesBodyV2 } from '../../nodes/shared/schemasV2';
import { BUSINESS_EVENT_TYPES } from '../../nodes/shared/vocabulary';
import { BUSINESS_EVENT_TYPES_V2, v2EventType } from '../../nodes/shared/vocabularyV2';
import { NOBODY_BUSINESS, NOBODY_PROSPECT, VALID_V2_BODIES } from './support/v2Bodies';

type Issues = { success: boolean; error?: { issues: Array<{ code: string; path: unknown[]; message: string; keys?: string[] }> } };
const issues = (result: Issues) =>
	result.success ? [] : result.error!.issues.map(({ code, path, message, keys }) => ({ code, path, message, ...(keys && { keys }) }));

const B = NOBODY_BUSINESS;
const P = NOBODY_PROSPECT;
const VALID = VALID_V2_BODIES;

/** The pull families: the job flow has tests of its own (catalogV2Jobs.test.ts). */
const PULL = Object.fromEntries(Object.entries(V2_ENDPOINTS).filter(([name]) => !isJobOperation(name)));

describe('the v2 endpoint catalog', () => {
	it('lists the v2 pull endpoints with their methods, paths and batch limits', () => {
		const table = Object.entries(PULL).map(([name, e]) => [name, e.method, e.path, e.batch?.key, e.batch?.limit]);
		expect(table).toEqual([
			['matchBusinesses', 'POST', '/v2/businesses/match', 'businesses_to_match', 50],
			['matchProspects', 'POST', '/v2/prospects/match', 'prospects_to_match', 40],
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
		]);
	});

	it('picks the catalog by version; the nodes still get v1', () => {
		expect(API_VERSIONS).toEqual(['v1', 'v2']);
		expect(catalogFor('v1')).toBe(V1_ENDPOINTS);
		expect(catalogFor('v2')).toBe(V2_ENDPOINTS);
		expect(ENDPOINTS).toBe(V1_ENDPOINTS);
		expect(Object.values(V1_ENDPOINTS).filter((e) => !e.path.startsWith('/v1/'))).toEqual([]);
	});

	it('gives a name both versions have the same operation: same method, batch key, result field and join', () => {
		const shared = Object.keys(V2_ENDPOINTS).filter((name) => name in V1_ENDPOINTS) as Array<
			keyof typeof V1_ENDPOINTS & keyof typeof V2_ENDPOINTS
		>;
		expect(shared).toHaveLength(28);
		for (const name of shared) {
			const [v1, v2] = [V1_ENDPOINTS[name], V2_ENDPOINTS[name]];
			expect([name, v2.method, v2.batch?.key, v2.result?.field, v2.result?.join, v2.result?.recordId]).toEqual([
				name,
				v1.method,
				v1.batch?.key,
				v1.result?.field,
				v1.result?.join,
				v1.result?.recordId,
			]);
		}
		expect(Object.keys(PULL).filter((name) => !(name in V1_ENDPOINTS))).toEqual(['autocomplete', 'credits', 'creditsAggregation']);
	});

	it('marks the cursor-paged searches and the enrichments whose rows hold one object or many', () => {
		const cursor = Object.entries(V2_ENDPOINTS)
			.filter(([, e]) => e.paging === 'cursor')
			.map(([name]) => name);
		expect(cursor).toEqual(['searchBusinesses', 'searchProspects']);
		const oneOrMany = Object.entries(V2_ENDPOINTS)
			.filter(([, e]) => e.result?.rowData === 'oneOrMany')
			.map(([name]) => name);
		expect(oneOrMany).toEqual(Object.keys(PULL).filter((name) => name.startsWith('enrich')));
		expect(oneOrMany).toHaveLength(20);
		expect(Object.values(V1_ENDPOINTS).filter((e) => e.paging !== undefined || e.result?.rowData !== undefined)).toEqual([]);
	});

	it('retries everything v2 has so far: none of the pull endpoints creates anything', () => {
		expect(Object.entries(PULL).filter(([, e]) => !e.idempotent)).toEqual([]);
	});
});

describe('the v2 request schemas', () => {
	it('accept the sample body of every endpoint', () => {
		for (const [name, e] of Object.entries(V2_ENDPOINTS)) {
			expect([name, issues(e.body.safeParse(VALID[name as keyof typeof VALID_V2_BODIES]))]).toEqual([name, []]);
		}
	});

	it('refuse an unknown key at the top of every body, naming it', () => {
		for (const [name, e] of Object.entries(V2_ENDPOINTS)) {
			const result = e.body.safeParse({ ...VALID[name as keyof typeof VALID_V2_BODIES], surprise: 1 });
			expect([name, issues(result)]).toEqual([
				name,
				[{ code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'surprise'", keys: ['surprise'] }],
			]);
		}
	});

	it('refuse the v1 paging keys size and page in a search, and v1 contact filters in a prospect filter', () => {
		expect(issues(searchBusinessesBodyV2.safeParse({ mode: 'full', page_size: 100, size: 1000, page: 2 }))).toEqual([
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

	it('bound page_size by LIMITS_V2 (1 to 500, required) and take an opaque cursor or null', () => {
		expect([LIMITS_V2.searchPageSize, LIMITS_V2.searchTotal]).toEqual([{ min: 1, max: 500 }, 60_000]);
		const search = V2_ENDPOINTS.searchProspects.body;
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
		const body = V2_ENDPOINTS.enrichBusinessFirmographics.body;
		expect(body.parse({ business_ids: B })).toEqual({ business_ids: [B] });
		const ids = (n: number) => Array.from({ length: n }, (_, i) => `${i}`.padStart(32, 'a'));
		expect(issues(body.safeParse({ business_ids: ids(LIMITS.businessEnrichIds) }))).toEqual([]);
		expect(issues(body.safeParse({ business_ids: ids(51) }))).toEqual([
			{ code: 'too_big', path: ['business_ids'], message: 'must hold at most 50 ids' },
		]);
		expect(issues(body.safeParse({ business_ids: [] }))).toEqual([
			{ code: 'too_small', path: ['business_ids'], message: 'must hold at least 1 id' },
		]);
		expect(issues(V2_ENDPOINTS.enrichProspectContacts.body.safeParse({ prospect_ids: [P, P] }))).toEqual([
			{ code: 'custom', path: ['prospect_ids'], message: 'must not contain duplicate ids' },
		]);
	});

	it('refuse unknown enrichment parameters, and need the parameters v2 requires', () => {
		expect(issues(V2_ENDPOINTS.enrichBusinessFirmographics.body.safeParse({ business_ids: [B], parameters: { x: 1 } }))).toEqual([
			{ code: 'unrecognized_keys', path: ['parameters'], message: "Unrecognized key(s) in object: 'x'", keys: ['x'] },
		]);
		expect(issues(V2_ENDPOINTS.enrichBusinessWebsiteTraffic.body.safeParse({ business_ids: [B] }))).toEqual([
			{ code: 'invalid_type', path: ['parameters'], message: 'Required' },
		]);
		expect(issues(V2_ENDPOINTS.enrichBusinessWebsiteKeywords.body.safeParse({ business_ids: [B] }))).toEqual([
			{ code: 'invalid_type', path: ['parameters'], message: 'Required' },
		]);
	});

	it('require unique business ids for events (new in v2) and refuse v1 event_data_parameters', () => {
		const events = V2_ENDPOINTS.getBusinessEvents.body;
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
		for (const [name, e] of Object.entries(V2_ENDPOINTS)) {
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
