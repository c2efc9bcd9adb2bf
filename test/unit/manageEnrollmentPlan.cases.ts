/**
 * Manage Enrollment's planning on one API version: manageEnrollmentPlan.test.ts runs these cases on
 * v2, manageEnrollmentPlan.v1.test.ts on v1 (retiring v1 deletes that file). Splits at the limit
 * with keys key-2, key-3, repeated ids once, items kept apart by key and types, per-item mode,
 * prospect enrollments (split on v2 only), item errors in input order.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { BUSINESS, PROSPECT } from '../../nodes/ManageEnrollment/helpers/kinds';
import { type ItemRead, planEnrollments, withItemErrors } from '../../nodes/ManageEnrollment/helpers/plan';
import { type ApiVersion, LIMITS } from '../../nodes/shared/api';
import { TEST_NODE } from './support/fakeContext';

const ctx = (continueOnFail = false) =>
	({ getNode: () => TEST_NODE, continueOnFail: () => continueOnFail }) as unknown as IExecuteFunctions;

const ids = (from: number, count: number) =>
	Array.from({ length: count }, (_, i) => (from + i).toString(16).padStart(32, '0'));


export function manageEnrollmentPlanCases(version: ApiVersion): void {
	// every v2 enrollment delivers to a webhook
	const shared = { enrollment_key: 'kkkk', event_types: ['new_product'], ...(version === 'v2' && { webhook_id: '3f2b8c1e-5d4a-4e6f-9b7c-0a1d2e3f4a5b' }) };
	const oneIdPerItem = (list: string[]): ItemRead[] => list.map((id, itemIndex) => ({ itemIndex, ids: [id], shared: { ...shared } }));

	describe('Manage Enrollment: planning enrollments', () => {
		const limit = LIMITS.businessEnrollmentIds;

		it('combines 45 items into 3 enrollments of 20, 20 and 5 ids, each paired to its items', () => {
			const list = ids(0, 45);
			const planned = planEnrollments(ctx(), BUSINESS, 'create', oneIdPerItem(list), 'all', version);
			expect(planned.map((p) => p.body?.enrollment_key)).toEqual(['kkkk', 'kkkk-2', 'kkkk-3']);
			expect(planned.map((p) => (p.body?.business_ids as string[]).length)).toEqual([limit, limit, 5]);
			expect(planned.flatMap((p) => p.body?.business_ids as string[])).toEqual(list);
			expect(planned[0].items).toEqual(Array.from({ length: 20 }, (_, i) => i));
			expect(planned[2].items).toEqual([40, 41, 42, 43, 44]);
			expect(planned.every((p) => (p.body?.event_types as string[])[0] === 'new_product')).toBe(true);
		});

		it('sends a repeated id once and pairs its enrollment with every item that named it', () => {
			const [a, b] = ids(0, 2);
			const reads: ItemRead[] = [
				{ itemIndex: 0, ids: [a], shared },
				{ itemIndex: 1, ids: [b, a], shared },
				{ itemIndex: 2, ids: [a], shared },
			];
			const planned = planEnrollments(ctx(), BUSINESS, 'create', reads, 'all', version);
			expect(planned).toEqual([{ items: [0, 1, 2], body: { ...shared, business_ids: [a, b] } }]);
		});

		it('keeps items apart when their key or event types differ, even in combined mode', () => {
			const [a, b, c] = ids(0, 3);
			const reads: ItemRead[] = [
				{ itemIndex: 0, ids: [a], shared },
				{ itemIndex: 1, ids: [b], shared: { ...shared, enrollment_key: 'other' } },
				{ itemIndex: 2, ids: [c], shared },
			];
			const planned = planEnrollments(ctx(), BUSINESS, 'create', reads, 'all', version);
			expect(planned.map((p) => [p.body?.enrollment_key, p.items])).toEqual([
				['kkkk', [0, 2]],
				['other', [1]],
			]);
		});

		it('gives every item its own enrollment in per-item mode, splitting a large item too', () => {
			const reads: ItemRead[] = [
				{ itemIndex: 0, ids: ids(0, 25), shared },
				{ itemIndex: 1, ids: ids(100, 3), shared },
			];
			const planned = planEnrollments(ctx(), BUSINESS, 'create', reads, 'each', version);
			expect(planned.map((p) => [p.body?.enrollment_key, (p.body?.business_ids as string[]).length, p.items])).toEqual([
				['kkkk', 20, [0]],
				['kkkk-2', 5, [0]],
				['kkkk', 3, [1]],
			]);
		});

		if (version === 'v2') {
			it('splits prospect enrollments at v2\'s limit, as business ones', () => {
				const planned = planEnrollments(ctx(), PROSPECT, 'create', [{ itemIndex: 0, ids: ids(0, 45), shared }], 'all', version);
				expect(planned.map((p) => [p.body?.enrollment_key, (p.body?.prospect_ids as string[]).length])).toEqual([
					['kkkk', LIMITS.prospectEnrollmentIds],
					['kkkk-2', LIMITS.prospectEnrollmentIds],
					['kkkk-3', 5],
				]);
			});
		} else {
			it('does not split prospect enrollments (the contract sets no limit)', () => {
				const planned = planEnrollments(ctx(), PROSPECT, 'create', [{ itemIndex: 0, ids: ids(0, 500), shared }], 'all', version);
				expect(planned).toHaveLength(1);
			});
		}

		it('puts item errors in input order, split parts keeping their order', () => {
			const planned = planEnrollments(ctx(), BUSINESS, 'create', oneIdPerItem(ids(0, 45)).slice(1), 'all', version);
			const error = new Error('bad') as never;
			const ordered = withItemErrors(planned, new Map([[0, error]]));
			expect(ordered.map((p) => p.body?.enrollment_key ?? 'error')).toEqual(['error', 'kkkk', 'kkkk-2', 'kkkk-3']);
		});
	});
}
