/** API v1's cases of catalog.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1"). */
import { filtersSchemaV1, prospectBulkEnrichBodyV1, searchBusinessesBodyV1, V1_ENDPOINTS, V1_LIMITS, WEBHOOK_SIMULATION_EVENT_TYPES } from '../../nodes/shared/api';

describe('endpoint catalog', () => {
	it('lists the 15 endpoints of the contract, those beyond it and the webhook endpoints with their methods, paths and batch limits', () => {
		const table = Object.entries(V1_ENDPOINTS).map(([name, e]) => [name, e.method, e.path, e.batch?.key, e.batch?.limit]);
		expect(table).toEqual([
			['searchBusinesses', 'POST', '/v1/businesses', undefined, undefined],
			['getBusinessEvents', 'POST', '/v1/businesses/events', 'business_ids', 40],
			['createBusinessEnrollment', 'POST', '/v1/businesses/events/enrollments', 'business_ids', 20],
			['updateBusinessEnrollment', 'PATCH', '/v1/businesses/events/enrollments', 'business_ids', 20],
			['listBusinessEnrollments', 'GET', '/v1/businesses/events/enrollments', undefined, undefined],
			['createProspectEnrollment', 'POST', '/v1/prospects/events/enrollments', 'prospect_ids', V1_LIMITS.prospectEnrollmentIds],
			['updateProspectEnrollment', 'PATCH', '/v1/prospects/events/enrollments', 'prospect_ids', V1_LIMITS.prospectEnrollmentIds],
			['deleteProspectEnrollment', 'DELETE', '/v1/prospects/events/enrollments', undefined, undefined],
			['matchProspects', 'POST', '/v1/prospects/match', 'prospects_to_match', 40],
			['enrichProspectProfiles', 'POST', '/v1/prospects/profiles/bulk_enrich', 'prospect_ids', 50],
			['enrichProspectPosts', 'POST', '/v1/prospects/profnet_posts/bulk_enrich', 'prospect_ids', 50],
			['enrichBusinessFunding', 'POST', '/v1/businesses/funding_and_acquisition/bulk_enrich', 'business_ids', 50],
			['enrichBusinessStrategy', 'POST', '/v1/businesses/pc_strategy_10k/bulk_enrich', 'business_ids', 50],
			['enrichBusinessWebsiteChanges', 'POST', '/v1/businesses/website_changes/bulk_enrich', 'business_ids', 50],
			['enrichBusinessChallenges', 'POST', '/v1/businesses/pc_business_challenges_10k/bulk_enrich', 'business_ids', 50],
			// beyond the contract
			['matchBusinesses', 'POST', '/v1/businesses/match', 'businesses_to_match', 50],
			['getProspectEvents', 'POST', '/v1/prospects/events', 'prospect_ids', 40],
			['listProspectEnrollments', 'GET', '/v1/prospects/events/enrollments', undefined, undefined],
			['searchProspects', 'POST', '/v1/prospects', undefined, undefined],
			['businessStats', 'POST', '/v1/businesses/stats', undefined, undefined],
			['prospectStats', 'POST', '/v1/prospects/stats', undefined, undefined],
			// the other bulk enrichments (beyond-contract.md section 6), 50 ids each
			['enrichBusinessFirmographics', 'POST', '/v1/businesses/firmographics/bulk_enrich', 'business_ids', 50],
			['enrichBusinessTechnographics', 'POST', '/v1/businesses/technographics/bulk_enrich', 'business_ids', 50],
			['enrichBusinessEmployeeRatings', 'POST', '/v1/businesses/company_ratings_by_employees/bulk_enrich', 'business_ids', 50],
			['enrichBusinessFinancialIndicators', 'POST', '/v1/businesses/financial_indicators/bulk_enrich', 'business_ids', 50],
			['enrichBusinessWorkforceTrends', 'POST', '/v1/businesses/workforce_trends/bulk_enrich', 'business_ids', 50],
			['enrichBusinessCompetitiveLandscape', 'POST', '/v1/businesses/pc_competitive_landscape_10k/bulk_enrich', 'business_ids', 50],
			['enrichBusinessPosts', 'POST', '/v1/businesses/profnet_posts/bulk_enrich', 'business_ids', 50],
			['enrichBusinessWebsiteKeywords', 'POST', '/v1/businesses/company_website_keywords/bulk_enrich', 'business_ids', 50],
			['enrichBusinessLookalikes', 'POST', '/v1/businesses/lookalikes/bulk_enrich', 'business_ids', 50],
			['enrichBusinessWebstack', 'POST', '/v1/businesses/webstack/bulk_enrich', 'business_ids', 50],
			['enrichBusinessHierarchy', 'POST', '/v1/businesses/company_hierarchies/bulk_enrich', 'business_ids', 50],
			['enrichBusinessWebsiteTraffic', 'POST', '/v1/businesses/website_traffic/bulk_enrich', 'business_ids', 50],
			['enrichBusinessIntent', 'POST', '/v1/businesses/business_intent/bulk_enrich', 'business_ids', 50],
			['enrichProspectContacts', 'POST', '/v1/prospects/contacts_information/bulk_enrich', 'prospect_ids', 50],
			['businessAutocomplete', 'GET', '/v1/businesses/autocomplete', undefined, undefined],
			['prospectAutocomplete', 'GET', '/v1/prospects/autocomplete', undefined, undefined],
			// credits (beyond-contract.md §7)
			['credits', 'GET', '/v1/credits', undefined, undefined],
			['creditsAggregation', 'POST', '/v1/credits/aggregation', undefined, undefined],
			// webhooks, v1
			['registerWebhook', 'POST', '/v1/webhooks', undefined, undefined],
			['getWebhook', 'GET', '/v1/webhooks/{partner_id}', undefined, undefined],
			['deleteWebhook', 'DELETE', '/v1/webhooks/{partner_id}', undefined, undefined],
			['checkWebhookConnectivity', 'POST', '/v1/webhooks/check_connectivity', undefined, undefined],
		]);
	});

	it('retries only what is safe to repeat: creating an enrollment or pushing test events is not', () => {
		const unsafe = Object.entries(V1_ENDPOINTS).filter(([, e]) => !e.idempotent).map(([name]) => name);
		expect(unsafe).toEqual(['createBusinessEnrollment', 'createProspectEnrollment', 'checkWebhookConnectivity']);
	});

	it('holds the v1 webhook bodies exactly as the service states them (additionalProperties false)', () => {
		const register = V1_ENDPOINTS.registerWebhook.body;
		expect(register.safeParse({ partner_id: 'p', webhook_url: 'https://n8n.example/webhook/x' }).success).toBe(true);
		expect(
			register.safeParse({
				partner_id: 'p',
				webhook_url: 'https://n8n.example/webhook/x',
				request_context: {},
				headers: ['X-Env: prod'],
				payload_format: 'stringified_json',
			}).success,
		).toBe(true);
		expect(register.safeParse({ partner_id: 'p', webhook_url: 'u', payload_format: 'xml' }).success).toBe(false);
		expect(register.safeParse({ partner_id: 'p', webhook_url: 'u', name: 'extra' }).success).toBe(false);
		expect(register.safeParse({ webhook_url: 'u' }).success).toBe(false);

		const check = V1_ENDPOINTS.checkWebhookConnectivity.body;
		expect(WEBHOOK_SIMULATION_EVENT_TYPES).toHaveLength(44);
		expect(new Set(WEBHOOK_SIMULATION_EVENT_TYPES).size).toBe(44);
		expect(check.safeParse({ partner_id: 'p' }).success).toBe(true);
		const simulation = (s: object) => check.safeParse({ partner_id: 'p', simulation: s }).success;
		expect(simulation({ event_name: 'funding_round', number_of_events: 3 })).toBe(true);
		expect(simulation({ event_name: 'new_office', number_of_events: 1, event_time: '2026-01-02T03:04:05Z' })).toBe(true);
		expect(simulation({ event_name: 'funding_round', number_of_events: 10 })).toBe(true);
		expect(simulation({ event_name: 'funding_round', number_of_events: 11 })).toBe(false);
		expect(simulation({ event_name: 'funding_round', number_of_events: 0 })).toBe(false);
		expect(simulation({ event_name: 'funding_round', number_of_events: 1.5 })).toBe(false);
		expect(simulation({ event_name: 'funding_round' })).toBe(false);
		expect(simulation({ event_name: 'executive_joined_company', number_of_events: 1 })).toBe(false);
		expect(check.safeParse({ partner_id: 'p', extra: 1 }).success).toBe(false);
		for (const name of ['getWebhook', 'deleteWebhook'] as const) expect(V1_ENDPOINTS[name].path).toBe('/v1/webhooks/{partner_id}');
	});

	it('requires unique ids exactly where the contract does, on endpoints the engine de-duplicates (joined by id)', () => {
		const id = 'a'.repeat(32);
		const unique = Object.entries(V1_ENDPOINTS)
			.filter(([, e]) => e.batch?.key === 'prospect_ids' || e.batch?.key === 'business_ids')
			.filter(([, e]) => {
				const body = {
					mode: 'preview',
					event_types: ['new_product'],
					enrollment_key: 'key-1',
					enrollment_id: 'enr-1',
					...(e.path.includes('company_website_keywords') ? { parameters: { keywords: ['pricing'] } } : {}),
				};
				return !e.body.safeParse({ ...body, [e.batch!.key]: [id, id] }).success;
			})
			.map(([name]) => name);
		expect(unique).toEqual(['enrichProspectProfiles', 'enrichProspectPosts', 'getProspectEvents', 'enrichProspectContacts']);
		for (const name of unique) expect(V1_ENDPOINTS[name as keyof typeof V1_ENDPOINTS].result?.join?.by).toBe('id');
	});

	it('has no batch limit for prospect enrollments: the contract sets none', () => {
		expect(V1_LIMITS.prospectEnrollmentIds).toBeUndefined();
		expect(V1_ENDPOINTS.createProspectEnrollment.batch?.limit).toBeUndefined();
		const ids = Array.from({ length: 5_000 }, (_, i) => `p${i}`);
		expect(V1_ENDPOINTS.createProspectEnrollment.body.safeParse({ enrollment_key: 'key-1', prospect_ids: ids, event_types: ['x'] }).success).toBe(true);
	});

	it('lets each body schema enforce its own batch limit', () => {
		for (const [name, e] of Object.entries(V1_ENDPOINTS)) {
			if (!e.batch || e.batch.limit === undefined) continue;
			const element = (i: number) => {
				if (e.batch!.key === 'prospects_to_match') return { email: `p${i}@example.com` };
				if (e.batch!.key === 'businesses_to_match') return { domain: `company-${i}.example` };
				return `${i}`.padStart(32, 'a');
			};
			const ids = (n: number) => Array.from({ length: n }, (_, i) => element(i));
			const base = {
				mode: 'preview',
				event_types: ['new_product'],
				enrollment_key: 'key-1',
				enrollment_id: 'enr-1',
				...(e.path.includes('company_website_keywords') ? { parameters: { keywords: ['pricing'] } } : {}),
			};
			const limit = e.batch.limit;
			const atLimit = e.body.safeParse({ ...base, [e.batch.key]: ids(limit) });
			const overLimit = e.body.safeParse({ ...base, [e.batch.key]: ids(limit + 1) });
			expect([name, atLimit.success]).toEqual([name, true]);
			expect([name, overLimit.success]).toEqual([name, false]);
		}
	});
});

describe('request schemas', () => {
	const firstIssue = (result: { success: boolean; error?: { issues: Array<{ path: unknown[]; message: string }> } }) =>
		result.success ? undefined : { path: result.error!.issues[0].path, message: result.error!.issues[0].message };

	it('rejects duplicate prospect ids for enrichment', () => {
		expect(firstIssue(prospectBulkEnrichBodyV1.safeParse({ prospect_ids: ['a', 'a'] }))).toEqual({
			path: ['prospect_ids'],
			message: 'must not contain duplicate ids',
		});
	});

	it('allows one category filter only', () => {
		expect(filtersSchemaV1.safeParse({ naics_category: { values: ['54'] } }).success).toBe(true);
		expect(firstIssue(filtersSchemaV1.safeParse({ naics_category: { values: ['54'] }, profnet_category: { values: ['IT'] } }))).toEqual({
			path: [],
			message: 'may use only one category filter per request, one of websearch_category, profnet_category, naics_category: combining them is not supported',
		});
	});

	it('bounds search size and page size from the limits', () => {
		const body = { mode: 'full', size: 10, page_size: 10 };
		expect(searchBusinessesBodyV1.safeParse(body).success).toBe(true);
		expect(firstIssue(searchBusinessesBodyV1.safeParse({ ...body, size: 10_001 }))).toEqual({ path: ['size'], message: 'must be at most 10000' });
		expect(firstIssue(searchBusinessesBodyV1.safeParse({ ...body, page_size: 101 }))).toEqual({ path: ['page_size'], message: 'must be at most 100' });
		expect(firstIssue(searchBusinessesBodyV1.safeParse({ ...body, size: 0 }))).toEqual({ path: ['size'], message: 'must be at least 1' });
	});
});
