/**
 * Enrollment create, idempotent by key, where the service lists enrollments (v1: businesses; v2:
 * both kinds): the enrollments are listed once before anything is created, and a planned
 * enrollment whose key already exists with the same ids and event types (v2: and webhook) is not
 * created again (a run that failed after key and key-2 were created, run again, creates only
 * key-3). A key that exists with other ids, event types or webhook is an error: creating it again
 * would leave two enrollments under one key.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { toItemError } from '../../shared/batching/items';
import { itemValidationError } from '../../shared/batching/validate';
import { type ApiVersion, dialectFor } from '../../shared/api';
import { fetchBusinessEnrollments, fetchProspectEnrollments, type ListedEnrollment } from '../../shared/methods';
import { BUSINESS, type EnrollmentKind } from './kinds';
import type { PlannedEnrollment } from './plan';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

type AnyEnrollment = ListedEnrollment<'business_ids'> | ListedEnrollment<'prospect_ids'>;

const sameSet = (a: unknown, b: unknown) => {
	const left = new Set(Array.isArray(a) ? a.map(String) : []);
	const right = new Set(Array.isArray(b) ? b.map(String) : []);
	return left.size === right.size && [...left].every((value) => right.has(value));
};

/** Whether the service lists this kind of enrollment on this version (v1 cannot list prospect enrollments). */
export const listsEnrollments = (kind: EnrollmentKind, version: ApiVersion) => kind === BUSINESS || dialectFor(version).enrollments.listsProspectEnrollments;

export async function skipExistingEnrollments(
	ctx: IExecuteFunctions,
	kind: EnrollmentKind,
	planned: PlannedEnrollment[],
	version: ApiVersion = DEFAULT_API_VERSION,
): Promise<PlannedEnrollment[]> {
	const toCreate = planned.filter((entry) => entry.body);
	if (toCreate.length === 0) return planned;

	let enrollments: AnyEnrollment[];
	try {
		enrollments = kind === BUSINESS ? await fetchBusinessEnrollments(ctx, version) : await fetchProspectEnrollments(ctx, version);
	} catch (caught) {
		const error = toItemError(ctx, caught, toCreate[0].items[0]);
		if (!ctx.continueOnFail()) throw error;
		return planned.map((entry) => (entry.body ? { items: entry.items, error } : entry));
	}
	const byKey = new Map<string, AnyEnrollment[]>();
	for (const enrollment of enrollments) {
		const sameKey = byKey.get(enrollment.enrollment_key);
		if (sameKey) sameKey.push(enrollment);
		else byKey.set(enrollment.enrollment_key, [enrollment]);
	}

	return planned.map((entry) => {
		if (!entry.body) return entry;
		const key = String(entry.body.enrollment_key);
		const sameKey = byKey.get(key);
		if (!sameKey) return entry;
		const same = sameKey.find(
			(enrollment) =>
				sameSet((enrollment as Record<string, unknown>)[kind.idsKey], entry.body?.[kind.idsKey]) &&
				sameSet(enrollment.event_types, entry.body?.event_types) &&
				enrollment.webhook_id === entry.body?.webhook_id,
		);
		if (same) {
			return { ...entry, existing: { enrollment_id: same.enrollment_id, enrollment_key: key, ...(same.status !== undefined && { status: same.status }) } };
		}
		const error = itemValidationError(
			ctx.getNode(),
			entry.items[0],
			`an enrollment with the key "${key}" already exists (${sameKey.map((enrollment) => enrollment.enrollment_id).join(', ')}) with other ${kind.noun.many}${dialectFor(version).enrollments.bindsWebhook ? ', event types or webhook' : ' or event types'}`,
			'Choose another Enrollment Key, or change the existing enrollment with the Update operation.',
		);
		if (!ctx.continueOnFail()) throw error;
		return { items: entry.items, error };
	});
}
