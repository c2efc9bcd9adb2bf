/**
 * The one place that reads a pushed event, whatever generation of the payload it is
 * (webhooks-research.md §2, v2-migration-research.md §9): a v2 delivery (it carries `webhook_id`)
 * read in v1's names like every v2 answer (executive_joined_company as employee_joined_company,
 * funding_* as founding_*: wireNames.ts), so both generations give the same item;
 * `event_name` or the older `event_type`; `business_id` or
 * `prospect_id`, or the older `entity_id` with `entity_type`; `event_time` with a space
 * (`2025-12-06 11:41:55.703000+00:00`) made ISO-8601 (`T`). The result has Get Events' shape
 * (event_name, event_time, event_id, data, business_id, or prospect_id for a prospect) plus the
 * enrollment it came through (enrollment_key, enrollment_id).
 */
import type { IDataObject } from 'n8n-workflow';

import { fromWire } from '../api';

export type Entity = 'business' | 'prospect';

export interface PushedEvent {
	/** Get Events' shape, plus enrollment_key and enrollment_id */
	json: IDataObject;
	eventName: string;
	entity: Entity | undefined;
	enrollmentKey: string | undefined;
}

export type ReadResult = { ok: true; event: PushedEvent } | { ok: false; reason: string };

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined => {
	if (typeof value === 'string') return value.trim() === '' ? undefined : value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
};

/** `2025-12-06 11:41:55.703000+00:00` -> `2025-12-06T11:41:55.703000+00:00`; other text unchanged. */
export function isoEventTime(value: unknown): string | undefined {
	const time = text(value);
	if (time === undefined) return undefined;
	return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(time) ? `${time.slice(0, 10)}T${time.slice(11)}` : time;
}

/**
 * The body as JSON: an object, or (payload format `stringified_json`) a JSON string that holds
 * one. Undefined when it is neither.
 */
export function parseDelivery(rawBody: Buffer): IDataObject | undefined {
	let value: unknown;
	try {
		value = JSON.parse(rawBody.toString('utf8').replace(/^\uFEFF/, ''));
		if (typeof value === 'string') value = JSON.parse(value);
	} catch {
		return undefined;
	}
	return isObject(value) ? value : undefined;
}

/** The event name the package's sandbox gives check_connectivity's plain test push (the service documents no shape for it: an inference). */
export const CONNECTIVITY_CHECK_EVENT = 'webhook_connectivity_check';

/**
 * Reads one pushed event. A body without an event name, or check_connectivity's plain test push,
 * is no event: it is acknowledged and starts nothing.
 */
export function readPushedEvent(delivered: IDataObject): ReadResult {
	const body = typeof delivered.webhook_id === 'string' ? fromWire('v2', delivered) : delivered;
	const eventName = text(body.event_name) ?? text(body.event_type);
	if (eventName === undefined) return { ok: false, reason: 'no event_name' };
	if (eventName === CONNECTIVITY_CHECK_EVENT) return { ok: false, reason: 'connectivity check' };

	const entityType = text(body.entity_type)?.toLowerCase();
	let businessId = text(body.business_id);
	let prospectId = text(body.prospect_id);
	const entityId = text(body.entity_id);
	if (businessId === undefined && prospectId === undefined && entityId !== undefined) {
		if (entityType === 'prospect') prospectId = entityId;
		else if (entityType === 'business') businessId = entityId;
		else if (eventName.startsWith('prospect_')) prospectId = entityId;
		else businessId = entityId;
	}
	const entity: Entity | undefined =
		prospectId !== undefined && businessId === undefined
			? 'prospect'
			: businessId !== undefined
				? 'business'
				: entityType === 'prospect' || entityType === 'business'
					? entityType
					: eventName.startsWith('prospect_')
						? 'prospect'
						: undefined;

	const json: IDataObject = {
		event_name: eventName,
		event_time: isoEventTime(body.event_time) ?? null,
		event_id: text(body.event_id) ?? null,
	};
	// Get Events' key order: a business event ends with business_id, a prospect event has prospect_id before data
	if (entity === 'prospect') json.prospect_id = prospectId ?? null;
	json.data = isObject(body.data) ? body.data : {};
	if (entity !== 'prospect') json.business_id = businessId ?? null;
	const enrollmentKey = text(body.enrollment_key);
	json.enrollment_key = enrollmentKey ?? null;
	json.enrollment_id = text(body.enrollment_id) ?? null;
	return { ok: true, event: { json, eventName, entity, enrollmentKey } };
}
