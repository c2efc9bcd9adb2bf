/**
 * The v2 names, written out from the research (v2-migration-research.md §2, §7, §14) and not from
 * the tables: the sandbox builds its v2 answers from the same tables the nodes read them back
 * with (api/v2/vocabulary.ts), so a wrong entry would be wrong on both sides and the switch test would
 * still see equal outputs. This file is where such an entry fails.
 */
import { V2_CONTEXT_RENAMES, V2_EVENT_TYPE_RENAMES, V2_FIELD_RENAMES, V2_REMOVED_FIELDS } from '../../nodes/shared/api';

describe('what API v2 renamed and removed, as the research lists it', () => {
	test('event types (§2): executive_joined_company', () => {
		expect(V2_EVENT_TYPE_RENAMES).toEqual({ employee_joined_company: 'executive_joined_company' });
	});

	test('fields inside records and payloads (§2, §7, §14): the typos fixed', () => {
		expect(V2_FIELD_RENAMES).toEqual({
			founding_stage: 'funding_stage',
			founding_date: 'funding_date',
			professions_email: 'professional_email',
			money_spend_on_website_technologies: 'money_spent_on_website_technologies',
			latest_funding_increase_in_percents: 'latest_funding_increase_percentage',
		});
	});

	test('response_context (§2): time_taken_in_seconds', () => {
		expect(V2_CONTEXT_RENAMES).toEqual({ time_took_in_seconds: 'time_taken_in_seconds' });
	});

	test('fields v2 no longer returns (§7, §14), by enrichment', () => {
		expect(V2_REMOVED_FIELDS).toEqual({
			'prospects/contact_information': ['emails'],
			'businesses/profnet_posts': ['display_name'],
			'businesses/company_ratings_by_employees': ['company_city', 'company_country_code', 'company_region', 'company_street', 'company_zip_code'],
		});
	});
});
