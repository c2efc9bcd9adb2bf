/**
 * The simulated events a connectivity check pushes, on both versions (v1's partner webhook:
 * ../v1/webhooks.ts; v2's webhooks: ../v2/webhooks.ts).
 */
import { BUSINESS_EVENT_TYPES } from '../../../nodes/shared/api';
import { eventPayload } from '../universe/eventPayloads';
import { anniversaryPayload } from '../universe/prospectEvents';
import { type PushedEvent, pythonTime } from '../webhooks';
import type { HandlerContext } from './context';

/**
 * The real-shaped mock events a simulation asks for (none without one), under v1's event names:
 * a random business or prospect of the universe each, one made-up enrollment for them all.
 */
export function simulatedEvents(
	simulation: { event_name: string; number_of_events?: number; event_time?: string } | undefined,
	ctx: HandlerContext,
): PushedEvent[] {
	if (!simulation) return [];
	const random = ctx.webhooks.simulationRandom;
	const eventTime = simulation.event_time ?? pythonTime(ctx.now.getTime());
	const enrollmentId = ctx.ids.uuid();
	const name = simulation.event_name;
	const events: PushedEvent[] = [];
	for (let n = 0; n < (simulation.number_of_events ?? 1); n++) {
		// the seeded stream is drawn in v1's order (entity, event id, payload), so simulations stay as they were
		const common = () => ({
			event_id: ctx.webhooks.syntheticEventId(),
			event_name: name,
			enrollment_key: 'webhook_simulation',
			enrollment_id: enrollmentId,
			event_time: eventTime,
		});
		if (name.startsWith('prospect_')) {
			const prospect = random.pick(ctx.universe.prospects);
			events.push({
				...common(),
				data:
					name === 'prospect_job_start_anniversary'
						? anniversaryPayload(prospect, ctx.now.getTime())
						: {
								previous_company_name: prospect.company_name,
								previous_company_id: prospect.business_id,
								previous_job_title: 'Account Executive',
								current_company_name: prospect.company_name,
								current_company_id: prospect.business_id,
								current_job_title: prospect.profile.job_title,
							},
				entity: { type: 'prospect', id: prospect.prospect_id },
			});
		} else {
			const business = random.pick(ctx.universe.businesses);
			// Simulation-only names (award, cost_cutting, ...) get the generic payload.
			const known = (BUSINESS_EVENT_TYPES as readonly string[]).includes(name);
			events.push({
				...common(),
				data: known ? eventPayload(name, random, business) : { event_name: name },
				entity: { type: 'business', id: business.business_id },
			});
		}
	}
	return events;
}
