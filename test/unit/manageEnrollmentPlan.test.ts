import type { IExecuteFunctions } from 'n8n-workflow';

import { BUSINESS, splitKey } from '../../nodes/ManageEnrollment/helpers/kinds';
import { type ItemRead, planEnrollments } from '../../nodes/ManageEnrollment/helpers/plan';
import { TEST_NODE } from './support/fakeContext';
import { manageEnrollmentPlanCases } from './manageEnrollmentPlan.cases';

const ctx = (continueOnFail = false) =>
	({ getNode: () => TEST_NODE, continueOnFail: () => continueOnFail }) as unknown as IExecuteFunctions;

const ids = (from: number, count: number) =>
	Array.from({ length: count }, (_, i) => (from + i).toString(16).padStart(32, '0'));

const shared = { enrollment_key: 'kkkk', event_types: ['new_product'] };
const oneIdPerItem = (list: string[]): ItemRead[] =>
	list.map((id, itemIndex) => ({ itemIndex, ids: [id], shared: { ...shared } }));

describe('Manage Enrollment: planning enrollments', () => {
	it('names split parts key, key-2, key-3', () => {
		expect([0, 1, 2].map((part) => splitKey('acme', part))).toEqual(['acme', 'acme-2', 'acme-3']);
	});

	it('refuses an update with more ids than one enrollment holds, naming the items', () => {
		const reads = oneIdPerItem(ids(0, 21)).map((read) => ({ ...read, shared: { ...shared, enrollment_id: 'e-1' } }));
		expect(() => planEnrollments(ctx(), BUSINESS, 'update', reads, 'all')).toThrow(
			'Item 0: Business IDs hold 21 IDs for enrollment e-1 (from items 0, 1, 2, 3, 4 and 16 more), but one enrollment holds at most 20 businesses. An update cannot be split: create further enrollments instead.',
		);
		const planned = planEnrollments(ctx(true), BUSINESS, 'update', reads, 'all');
		expect(planned).toHaveLength(1);
		expect(planned[0].body).toBeUndefined();
		expect(planned[0].items).toHaveLength(21);
	});

	it('combines every item that updates one enrollment into one update, whatever their order of event types', () => {
		const [a, b, c] = ids(0, 3);
		const reads: ItemRead[] = [
			{ itemIndex: 0, ids: [a], shared: { enrollment_id: 'e-1', enrollment_key: 'kkkk', event_types: ['new_product', 'new_office'] } },
			{ itemIndex: 1, ids: [b], shared: { enrollment_id: 'e-2', enrollment_key: 'kkkk', event_types: ['ipo_announcement'] } },
			{ itemIndex: 2, ids: [c, a], shared: { enrollment_id: 'e-1', enrollment_key: 'kkkk', event_types: ['new_office', 'new_product'] } },
		];
		const planned = planEnrollments(ctx(), BUSINESS, 'update', reads, 'all');
		expect(planned.map((p) => [p.body?.enrollment_id, p.body?.business_ids, p.items])).toEqual([
			['e-1', [a, c], [0, 2]],
			['e-2', [b], [1]],
		]);
	});

	it('refuses items that update one enrollment with different event types or keys, naming them', () => {
		const [a, b, c] = ids(0, 3);
		const reads: ItemRead[] = [
			{ itemIndex: 0, ids: [a], shared: { enrollment_id: 'e-1', enrollment_key: 'kkkk', event_types: ['new_product'] } },
			{ itemIndex: 1, ids: [b], shared: { enrollment_id: 'e-2', enrollment_key: 'kkkk', event_types: ['new_product'] } },
			{ itemIndex: 2, ids: [c], shared: { enrollment_id: 'e-1', enrollment_key: 'other', event_types: ['ipo_announcement'] } },
		];
		const message =
			'Item 0: items 0, 2 update enrollment e-1 but disagree on what to set. ' +
			'Enrollment Key: item 0 sets "kkkk"; item 2 sets "other". Event Types: item 0 sets new_product; item 2 sets ipo_announcement.';
		expect(() => planEnrollments(ctx(), BUSINESS, 'update', reads, 'all')).toThrow(message);
		const planned = planEnrollments(ctx(true), BUSINESS, 'update', reads, 'all');
		expect(planned.map((p) => [p.error?.message, p.items])).toEqual([
			[message, [0, 2]],
			[undefined, [1]],
		]);
		expect(planned[1].body).toEqual({ enrollment_id: 'e-2', enrollment_key: 'kkkk', event_types: ['new_product'], business_ids: [b] });
	});
});

describe('API v2', () => manageEnrollmentPlanCases('v2'));
