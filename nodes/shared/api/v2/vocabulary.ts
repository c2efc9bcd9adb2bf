/**
 * The service's known values: event types and the bracket values of the search filters. The
 * lists are open (the service adds values), so the UI offers these and accepts others too.
 */

/** Business event types known today; the list is open, so the UI also accepts free values. */
export const BUSINESS_EVENT_TYPES = [
	'ipo_announcement',
	'new_funding_round',
	'new_investment',
	'new_product',
	'new_office',
	'closing_office',
	'new_partnership',
	'increase_in_engineering_department',
	'increase_in_sales_department',
	'increase_in_marketing_department',
	'increase_in_operations_department',
	'increase_in_customer_service_department',
	'increase_in_all_departments',
	'decrease_in_engineering_department',
	'decrease_in_sales_department',
	'decrease_in_marketing_department',
	'decrease_in_operations_department',
	'decrease_in_customer_service_department',
	'decrease_in_all_departments',
	'employee_joined_company',
	'hiring_in_creative_department',
	'hiring_in_education_department',
	'hiring_in_engineering_department',
	'hiring_in_finance_department',
	'hiring_in_health_department',
	'hiring_in_human_resources_department',
	'hiring_in_legal_department',
	'hiring_in_marketing_department',
	'hiring_in_operations_department',
	'hiring_in_professional_service_department',
	'hiring_in_sales_department',
	'hiring_in_support_department',
	'hiring_in_trade_department',
	'hiring_in_unknown_department',
	'company_award',
	'outages_and_security_breaches',
	'cost_cutting',
	'merger_and_acquisitions',
	'lawsuits_and_legal_issues',
] as const;

export const PROSPECT_EVENT_TYPES = [
	'prospect_changed_role',
	'prospect_changed_company',
	'prospect_job_start_anniversary',
] as const;

/**
 * Levels of buying intent, lowest first: the search filter business_intent_topics takes one as
 * `topic_intent_level` (beyond-contract.md §7), the intent enrichment answers them as `level_of_intent`.
 */
export const INTENT_LEVELS = ['emerging_intent', 'high_intent', 'very_high_intent'] as const;

/** Known bracket values of the search filters (free values are accepted too). */
export const FILTER_BRACKETS = {
	company_size: ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001-10000', '10001+'],
	company_revenue: [
		'0-500K',
		'500K-1M',
		'1M-5M',
		'5M-10M',
		'10M-25M',
		'25M-75M',
		'75M-200M',
		'200M-500M',
		'500M-1B',
		'1B-10B',
		'10B-100B',
		'100B-1T',
		'1T-10T',
		'10T+',
	],
	company_age: ['0-3', '3-6', '6-10', '10-20', '20+'],
	number_of_locations: ['0-1', '2-5', '6-20', '21-50', '51-100', '101-1000', '1001+'],
} as const;

/** Job levels of the prospect filter job_level (the service's schema: a closed list). */
export const JOB_LEVELS = [
	'owner',
	'founder',
	'c-suite',
	'president',
	'vice president',
	'director',
	'senior manager',
	'manager',
	'partner',
	'senior non-managerial',
	'non-managerial',
	'junior',
	'advisor',
	'freelancer',
	'board member',
] as const;

/** Job departments of the prospect filter job_department (the service's schema: 29 values, a closed list). */
export const JOB_DEPARTMENTS = [
	'administration',
	'c-suite',
	'creative',
	'customer success',
	'data',
	'design',
	'education',
	'engineering',
	'finance',
	'healthcare',
	'human resources',
	'it',
	'legal',
	'logistics',
	'manufacturing',
	'marketing',
	'operations',
	'partnerships',
	'procurement',
	'product',
	'public service',
	'r&d',
	'real estate',
	'retail',
	'sales',
	'security',
	'strategy',
	'support',
	'trade',
] as const;
