/** What a webhook connectivity check simulates: the event types and the payload formats (webhooks-research.md §1). */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { DATE_OR_DATETIME_PATTERN } from './fields';

/** `WebhookSimulationEventType` of the service's OpenAPI (0.2.273): the event names check_connectivity can simulate. */
export const WEBHOOK_SIMULATION_EVENT_TYPES = [
	'award',
	'closing_office',
	'company_award',
	'cost_cutting',
	...['all', 'customer_service', 'engineering', 'marketing', 'operations', 'sales'].map((d) => `decrease_in_${d}_department`),
	'employee_joined_company',
	'funding_round',
	...[
		'creative',
		'education',
		'engineering',
		'finance',
		'health',
		'human_resources',
		'legal',
		'marketing',
		'operations',
		'professional_service',
		'sales',
		'support',
		'trade',
		'unknown',
	].map((d) => `hiring_in_${d}_department`),
	...['all', 'customer_service', 'engineering', 'marketing', 'operations', 'sales'].map((d) => `increase_in_${d}_department`),
	'ipo_announcement',
	'lawsuits_and_legal_issues',
	'merger_and_acquisitions',
	'new_funding_round',
	'new_investment',
	'new_office',
	'new_partnership',
	'new_product',
	'outages_and_security_breaches',
	'prospect_changed_company',
	'prospect_changed_role',
	'prospect_job_start_anniversary',
] as [string, ...string[]];

/** How the service serializes a delivered event (0.3.19+): a JSON object, or a JSON string holding it. */
export const WEBHOOK_PAYLOAD_FORMATS = ['json', 'stringified_json'] as const;

/** check_connectivity's `simulation`: 1 to 10 mock events of one type, named as the API version names them. */
export const webhookSimulation = (eventTypes: readonly [string, ...string[]]) =>
	z
		.object({
			event_name: z.enum(eventTypes),
			number_of_events: z
				.number()
				.int('must be a whole number')
				.min(LIMITS.webhookSimulatedEvents.min, `must be at least ${LIMITS.webhookSimulatedEvents.min}`)
				.max(LIMITS.webhookSimulatedEvents.max, `must be at most ${LIMITS.webhookSimulatedEvents.max}`),
			event_time: z.string().regex(DATE_OR_DATETIME_PATTERN, 'must be a date-time').optional(),
		})
		.strict();

/** A check's simulation alone, as both versions check it (the item's own fields; partner_id is the credential's). */
export const simulationRequest = z.object({ simulation: webhookSimulation(WEBHOOK_SIMULATION_EVENT_TYPES).optional() }).strict();
