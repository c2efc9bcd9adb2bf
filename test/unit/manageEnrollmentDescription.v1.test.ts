/** API v1's cases of manageEnrollmentDescription.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1"). */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { ManageEnrollment } from '../../nodes/ManageEnrollment/ManageEnrollment.node';
import { LIMITS } from '../../nodes/shared/api';

/**
 * The editor's parameters in normal mode at a node version (tool mode has its own, shown with
 * '@tool': test/unit/toolMode.test.ts); version 1 speaks API v1, version 2 API v2.
 */
const propertiesAt = (typeVersion: number) =>
	new ManageEnrollment().description.properties.filter(
		(property) =>
			!property.displayOptions?.show?.['@tool'] && ((property.displayOptions?.show?.['@version'] as number[] | undefined) ?? [typeVersion]).includes(typeVersion),
	);
let properties = propertiesAt(1);

const operationsOf = (resource: string) =>
	(
		properties.find(
			(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
		)?.options as INodePropertyOptions[]
	).map((option) => option.value);

const fieldsOf = (resource: string, operation: string) =>
	properties
		.filter((property) => {
			const show = property.displayOptions?.show;
			return show?.resource?.includes(resource) && show?.operation?.includes(operation);
		})
		.map((property) => property.name);

const field = (resource: string, operation: string, name: string) =>
	properties.find(
		(property) =>
			property.name === name &&
			property.displayOptions?.show?.resource?.includes(resource) &&
			property.displayOptions?.show?.operation?.includes(operation),
	) as INodeProperties;

describe('Manage Enrollment: what the UI offers', () => {
	test('only what the contract has: no business delete, no prospect list', () => {
		expect(operationsOf('businessEnrollment')).toEqual(['create', 'list', 'update']);
		expect(operationsOf('prospectEnrollment')).toEqual(['create', 'delete', 'update']);
	});

	test('each operation shows its fields', () => {
		expect(fieldsOf('businessEnrollment', 'create')).toEqual([
			'enrollmentKey',
			'businessIds',
			'eventTypes',
			'combine',
			'options',
		]);
		expect(fieldsOf('businessEnrollment', 'update')).toEqual([
			'enrollment',
			'enrollmentKey',
			'businessIds',
			'eventTypes',
			'options',
		]);
		expect(fieldsOf('businessEnrollment', 'list')).toEqual(['filters']);
		expect(fieldsOf('prospectEnrollment', 'create')).toEqual([
			'enrollmentKey',
			'prospectIds',
			'eventTypes',
			'combine',
			'options',
		]);
		expect(fieldsOf('prospectEnrollment', 'update')).toEqual([
			'enrollmentId',
			'enrollmentKey',
			'prospectIds',
			'eventTypes',
			'options',
		]);
		expect(fieldsOf('prospectEnrollment', 'delete')).toEqual(['enrollmentId']);
	});

	test('ids default to the item field; the split is explained with the limit from LIMITS', () => {
		expect(field('businessEnrollment', 'create', 'businessIds').default).toBe('={{ $json.business_id }}');
		expect(field('prospectEnrollment', 'create', 'prospectIds').default).toBe('={{ $json.prospect_id }}');
		expect(field('businessEnrollment', 'create', 'enrollmentKey').hint).toBe(
			`One enrollment holds at most ${LIMITS.businessEnrollmentIds} businesses. More are split into several enrollments with keys like q3-accounts, q3-accounts-2, q3-accounts-3, and so on. ` +
				'A key that already exists with the same businesses and event types is kept, not created again, so a run that failed part-way can simply be run again.',
		);
		// prospect enrollments have no id limit in the contract and cannot be listed: no split, but re-runs duplicate
		expect(field('prospectEnrollment', 'create', 'enrollmentKey').hint).toBe(
			'The service cannot list prospect enrollments, so running this again creates the enrollments again: keep the enrollment_id from the output to update or delete them.',
		);
	});

	test('update never resets event types by default: business keeps the current ones, prospect requires them', () => {
		expect(field('businessEnrollment', 'update', 'eventTypes')).toMatchObject({ default: [] });
		expect(field('businessEnrollment', 'update', 'eventTypes').required).toBeUndefined();
		expect(field('businessEnrollment', 'update', 'eventTypes').description).toContain(
			'Leave empty to keep its current event types.',
		);
		expect(field('prospectEnrollment', 'update', 'eventTypes')).toMatchObject({ default: [], required: true });
		// create keeps the standard types as its default
		expect((field('businessEnrollment', 'create', 'eventTypes').default as string[]).length).toBe(6);
	});
});

describe('Manage Enrollment version 2 (API v2)', () => {
	beforeAll(() => (properties = propertiesAt(2)));
	afterAll(() => (properties = propertiesAt(1)));

	test('no Expire After (v2 enrollments have no expiry); prospect creates are kept by key like business ones, split at 20', () => {
		const options = (resource: string) => (field(resource, 'create', 'options').options as INodeProperties[]).map((option) => option.name);
		expect(options('prospectEnrollment')).toEqual(['otherEventTypes']);
		expect(propertiesAt(1).some((property) => property.name === 'options' && (property.options as INodeProperties[]).some((option) => option.name === 'ttlDays'))).toBe(true);
		expect(field('prospectEnrollment', 'create', 'enrollmentKey').hint).toBe(
			`One enrollment holds at most ${LIMITS.prospectEnrollmentIds} prospects. More are split into several enrollments with keys like q3-accounts, q3-accounts-2, q3-accounts-3, and so on. ` +
				'A key that already exists with the same prospects, event types and webhook is kept, not created again, so a run that failed part-way can simply be run again.',
		);
	});
});
