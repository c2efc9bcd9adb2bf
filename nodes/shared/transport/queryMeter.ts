/**
 * What a request costs in queries (rate-limits.md): the catalog's meter of its endpoint, or what
 * the headers taught about it. The service publishes the weight of match and enrichment calls
 * only; for the others the catalog's meter is an assumption (`assumed`), replaced, per endpoint
 * and per API key in this process, by the drop in X-RateLimit-Remaining across a request whose
 * drop is attributable to it alone (rateBudget.ts decides when it is).
 */
import type { IDataObject } from 'n8n-workflow';

import type { EndpointDefinition, EndpointMeter } from '../api';

/** One endpoint of one version: its method and catalog path (unique across both catalogs). */
export const endpointKey = (definition: Pick<EndpointDefinition, 'method' | 'path'>): string =>
	`${definition.method} ${definition.path}`;

/** The entities a body carries for a meter: the length of its array, 1 for any other meter or body. */
export function entitiesOf(meter: EndpointMeter, body: IDataObject | undefined): number {
	if (!('entities' in meter)) return 1;
	const list = body?.[meter.entities];
	return Array.isArray(list) ? list.length : 1;
}

/** The queries a request weighs under a meter: at least 1 (an empty list is still a call). */
export function weightOf(meter: EndpointMeter, body: IDataObject | undefined): number {
	return 'entities' in meter ? Math.max(1, entitiesOf(meter, body)) : Math.max(1, meter.queries);
}

/**
 * The meter one attributable observation teaches, or undefined when it teaches nothing: a
 * published meter is never overruled; a drop equal to the entities confirms a per-entity meter; a
 * drop above them is someone else's queries too (the page's rule is at most one per entity);
 * any other drop of a call with several entities, or of a call metered per request, is its weight.
 */
export function learnedMeter(meter: EndpointMeter, entities: number, drop: number): EndpointMeter | undefined {
	if (!meter.assumed || !Number.isInteger(drop) || drop < 1) return undefined;
	if ('entities' in meter) {
		if (drop > entities) return undefined;
		if (drop === entities) return entities > 1 ? { entities: meter.entities } : undefined;
		return { queries: drop };
	}
	return { queries: drop };
}

/** The meters learned for one API key in this process, by endpoint. */
export class QueryMeter {
	private readonly learned = new Map<string, EndpointMeter>();

	/** The meter in force for an endpoint: the learned one, else the catalog's. */
	meterOf(definition: EndpointDefinition): EndpointMeter {
		return this.learned.get(endpointKey(definition)) ?? definition.meter;
	}

	/** Records an attributable drop across one request of the endpoint; returns the meter learned, if any. */
	learn(definition: EndpointDefinition, entities: number, drop: number): EndpointMeter | undefined {
		const learned = learnedMeter(definition.meter, entities, drop);
		if (learned) this.learned.set(endpointKey(definition), learned);
		return learned;
	}

	/** What this key has learned so far, by endpoint ("POST /v1/businesses/events"). */
	get learnedMeters(): ReadonlyMap<string, EndpointMeter> {
		return this.learned;
	}
}
