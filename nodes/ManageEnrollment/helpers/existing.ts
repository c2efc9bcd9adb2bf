/**
 * Business enrollment create, idempotent by key: the active enrollments are listed once before
 * anything is created, and a planned enrollment whose key already exists with the same
 * businesses and event types is not created again (a run that failed after key and key-2 were
 * created, run again, creates only key-3). A key that exists with other businesses or event
 * types is an error: creating it again would leave two enrollments under one key.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { toItemError } from '../../shared/batching/items';
import { itemValidationError } from '../../shared/batching/validate';
import { type BusinessEnrollment, fetchBusinessEnrollments } from '../../shared/methods';
import type { PlannedEnrollment } from './plan';

const sameSet = (a: unknown, b: unknown) => {
	const left = new Set(Array.isArray(a) ? a.map(String) : []);
	const right = new Set(Array.isArray(b) ? b.map(String) : []);
	return left.size === right.size && [...left].every((value) => right.has(value));
};

export async function skipExistingBusinessEnrollments(
	ctx: IExecuteFunctions,
	planned: PlannedEnrollment[],
): Promise<PlannedEnrollment[]> {
	const toCreate = planned.filter((entry) => entry.body);
	if (toCreate.length === 0) return planned;

	let enrollments: BusinessEnrollment[];
	try {
		enrollments = await fetchBusinessEnrollments(ctx);
	} catch (caught) {
		const error = toItemError(ctx, caught, toCreate[0].items[0]);
		if (!ctx.continueOnFail()) throw error;
		return planned.map((entry) => (entry.body ? { items: entry.items, error } : entry));
	}
	const byKey = new Map<string, BusinessEnrollment[]>();
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
				sameSet(enrollment.business_ids, entry.body?.business_ids) &&
				sameSet(enrollment.event_types, entry.body?.event_types),
		);
		if (same) return { ...entry, existing: { enrollment_id: same.enrollment_id, enrollment_key: key } };
		const error = itemValidationError(
			ctx.getNode(),
			entry.items[0],
			`an enrollment with the key "${key}" already exists (${sameKey.map((enrollment) => enrollment.enrollment_id).join(', ')}) with other businesses or event types`,
			'Choose another Enrollment Key, or change the existing enrollment with the Update operation.',
		);
		if (!ctx.continueOnFail()) throw error;
		return { items: entry.items, error };
	});
}
