/**
 * API v1's cases of catalogV2.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The API v2 catalog beside v1's: its routes and limits, its strict bodies (unknown keys, and
 * so every v1-only key, refused), and the names it shares with v1 meaning the same operation.
 */
import { API_VERSIONS, businessFiltersV2, catalogFor, ENDPOINTS, filtersSchemaV1, isJobOperation, LIMITS, prospectFiltersSchemaV1, prospectFiltersV2, V1_ENDPOINTS, V1_LIMITS } from '../../nodes/shared/api';

type Issues = { success: boolean; error?: { issues: Array<{ code: string; path: unknown[]; message: string; keys?: string[] }> } };
const issues = (result: Issues) =>
	result.success ? [] : result.error!.issues.map(({ code, path, message, keys }) => ({ code, path, message, ...(keys && { keys }) }));

/** The pull families: the job flow has tests of its own (catalogV2Jobs.test.ts). */
const SYNC = Object.fromEntries(Object.entries(ENDPOINTS).filter(([name]) => !isJobOperation(name)));

describe('the v2 endpoint catalog', () => {
	it('picks the catalog by version; the nodes still get v1', () => {
		expect(API_VERSIONS).toEqual(['v1', 'v2']);
		expect(catalogFor('v1')).toBe(V1_ENDPOINTS);
		expect(catalogFor('v2')).toBe(ENDPOINTS);
		expect(Object.values(V1_ENDPOINTS).filter((e) => !e.path.startsWith('/v1/'))).toEqual([]);
	});

	it('gives a name both versions have the same operation: same method, batch key, result field and join', () => {
		const shared = Object.keys(ENDPOINTS).filter((name) => name in V1_ENDPOINTS) as Array<
			keyof typeof V1_ENDPOINTS & keyof typeof ENDPOINTS
		>;
		expect(shared).toHaveLength(41);
		for (const name of shared) {
			const [v1, v2] = [V1_ENDPOINTS[name], ENDPOINTS[name]];
			expect([name, v2.method, v2.batch?.key, v2.result?.field, v2.result?.join, v2.result?.recordId]).toEqual([
				name,
				v1.method,
				v1.batch?.key,
				v1.result?.field,
				v1.result?.join,
				v1.result?.recordId,
			]);
		}
		expect(Object.keys(SYNC).filter((name) => !(name in V1_ENDPOINTS))).toEqual([
			'autocomplete',
			'listWebhooks',
			'updateWebhook',
			'rotateWebhookSecret',
			'deleteBusinessEnrollment',
		]);
	});

	it('marks the cursor-paged searches and the enrichments whose rows hold one object or many', () => {
		const cursor = Object.entries(ENDPOINTS)
			.filter(([, e]) => e.paging === 'cursor')
			.map(([name]) => name);
		expect(cursor).toEqual(['searchBusinesses', 'searchProspects']);
		const oneOrMany = Object.entries(ENDPOINTS)
			.filter(([, e]) => e.result?.rowData === 'oneOrMany')
			.map(([name]) => name);
		expect(oneOrMany).toEqual(Object.keys(SYNC).filter((name) => name.startsWith('enrich')));
		expect(oneOrMany).toHaveLength(20);
		expect(Object.values(V1_ENDPOINTS).filter((e) => e.paging !== undefined || e.result?.rowData !== undefined)).toEqual([]);
	});
});

describe('the v2 request schemas', () => {
	it('take the filters of issue 21 in their shapes; events in v2 names, last_occurrence in days within the event window', () => {
		const filters = {
			events: { values: ['executive_joined_company', 'new_office'], last_occurrence: 30 },
			business_intent_topics: { topics: ['Cybersecurity'], topic_intent_level: 'high_intent' },
			city_region: { values: ['Austin, Texas'] },
			has_website: { value: true },
			is_public_company: { value: false },
		};
		expect(issues(businessFiltersV2.safeParse(filters))).toEqual([]);
		const { is_public_company: _v2Only, ...onBoth } = filters;
		expect(issues(filtersSchemaV1.safeParse(onBoth))).toEqual([]);
		expect(issues(filtersSchemaV1.safeParse({ is_public_company: { value: true } }))).toEqual([
			{ code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'is_public_company'", keys: ['is_public_company'] },
		]);
		expect(
			issues(
				businessFiltersV2.safeParse({
					events: { values: ['employee_joined_company'], last_occurrence: LIMITS.eventWindowDays + 1 },
					business_intent_topics: { topics: [], topic_intent_level: 'hot' },
					city_region: { values: ['Austin, Texas, us'] },
				}),
			),
		).toEqual([
			{ code: 'invalid_string', path: ['city_region', 'values', 0], message: 'must be "<City>, <Region>" strings, without the country' },
			{ code: 'custom', path: ['events', 'values', 0], message: 'is named executive_joined_company on API v2' },
			{ code: 'too_big', path: ['events', 'last_occurrence'], message: 'must be a whole number of days from 1 to 90' },
			{ code: 'too_small', path: ['business_intent_topics', 'topics'], message: 'must hold at least 1 topic' },
			{
				code: 'invalid_enum_value',
				path: ['business_intent_topics', 'topic_intent_level'],
				message: 'must be one of emerging_intent, high_intent, very_high_intent',
			},
		]);
		expect(issues(prospectFiltersV2.safeParse({ skills: { values: ['Python'] }, interests: { values: ['Cycling'] } }))).toEqual([]);
		expect(issues(prospectFiltersSchemaV1.safeParse({ skills: { values: ['Python'] } }))).toEqual([
			{ code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'skills'", keys: ['skills'] },
		]);
	});

	it('take 50 prospects a match request where v1 takes 40 (research §10)', () => {
		const contacts = (n: number) => ({ prospects_to_match: Array.from({ length: n }, (_, i) => ({ email: `p${i}@example.com` })) });
		expect([V1_ENDPOINTS.matchProspects.batch?.limit, ENDPOINTS.matchProspects.batch?.limit]).toEqual([40, 50]);
		expect(issues(ENDPOINTS.matchProspects.body.safeParse(contacts(50)))).toEqual([]);
		expect(issues(ENDPOINTS.matchProspects.body.safeParse(contacts(51)))).toEqual([
			{ code: 'too_big', path: ['prospects_to_match'], message: 'must hold at most 50 prospects' },
		]);
		expect(issues(V1_ENDPOINTS.matchProspects.body.safeParse(contacts(41)))).toEqual([
			{ code: 'too_big', path: ['prospects_to_match'], message: 'must hold at most 40 prospects' },
		]);
	});

	it('take up to 10,000 business ids in a v2 prospect filter (research §11), 1,000 in v1\'s and in other filters', () => {
		const ids = (n: number) => ({ values: Array.from({ length: n }, (_, i) => i.toString(16).padStart(32, 'a')) });
		expect(issues(prospectFiltersV2.safeParse({ business_id: ids(10_000) }))).toEqual([]);
		expect(issues(prospectFiltersV2.safeParse({ business_id: ids(10_001) }))).toEqual([
			{ code: 'too_big', path: ['business_id', 'values'], message: 'must hold at most 10000 values' },
		]);
		expect(issues(prospectFiltersSchemaV1.safeParse({ business_id: ids(1_001) }))).toEqual([
			{ code: 'too_big', path: ['business_id', 'values'], message: 'must hold at most 1000 values' },
		]);
		expect(issues(businessFiltersV2.safeParse({ business_id: ids(1_001) }))).toEqual([
			{ code: 'too_big', path: ['business_id', 'values'], message: 'must hold at most 1000 values' },
		]);
	});
});

describe('the v2 webhook and enrollment schemas', () => {
	it('hold prospect enrollments to 20 ids per request on v2 (the stricter of the pages and the spec), unbounded on v1', () => {
		expect([V1_LIMITS.prospectEnrollmentIds, LIMITS.prospectEnrollmentIds, LIMITS.businessEnrollmentIds]).toEqual([undefined, 20, 20]);
	});
});
