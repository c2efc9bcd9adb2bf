import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { ManageEnrollment } from '../../nodes/ManageEnrollment/ManageEnrollment.node';
import { GetEvents } from '../../nodes/GetEvents/GetEvents.node';
import { BUSINESS_EVENT_TYPES, LIMITS, PROSPECT_EVENT_TYPES } from '../../nodes/shared/api';

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
	test('Combine Items is read from the first item only, so it takes no expression', () => {
		for (const resource of ['businessEnrollment', 'prospectEnrollment']) {
			expect(field(resource, 'create', 'combine')).toMatchObject({ displayName: 'Combine Items', noDataExpression: true });
		}
		const output = new GetEvents().description.properties.find((property) => property.name === 'output');
		expect(output?.noDataExpression).toBe(true);
	});

	test('event types: the known types of each kind', () => {
		const values = (resource: string) =>
			(field(resource, 'create', 'eventTypes').options as INodePropertyOptions[]).map((option) => option.value).sort();
		expect(values('businessEnrollment')).toEqual([...BUSINESS_EVENT_TYPES].sort());
		expect(values('prospectEnrollment')).toEqual([...PROSPECT_EVENT_TYPES].sort());
	});

	test('business update picks the enrollment from the shared list loader', () => {
		const locator = field('businessEnrollment', 'update', 'enrollment');
		expect(locator.type).toBe('resourceLocator');
		expect(locator.modes?.[0].typeOptions?.searchListMethod).toBe('searchBusinessEnrollments');
		expect(Object.keys(new ManageEnrollment().methods.listSearch)).toEqual(['searchBusinessEnrollments', 'searchEnrollmentWebhooks']);
	});
});

describe('Manage Enrollment version 2 (API v2)', () => {
	beforeAll(() => (properties = propertiesAt(2)));
	afterAll(() => (properties = propertiesAt(1)));

	test('no Expire After (v2 enrollments have no expiry); prospect creates are kept by key like business ones, split at 20', () => {
		const options = (resource: string) => (field(resource, 'create', 'options').options as INodeProperties[]).map((option) => option.name);
		expect(options('prospectEnrollment')).toEqual(['otherEventTypes']);
		expect(field('prospectEnrollment', 'create', 'enrollmentKey').hint).toBe(
			`One enrollment holds at most ${LIMITS.prospectEnrollmentIds} prospects. More are split into several enrollments with keys like q3-accounts, q3-accounts-2, q3-accounts-3, and so on. ` +
				'A key that already exists with the same prospects, event types and webhook is kept, not created again, so a run that failed part-way can simply be run again.',
		);
	});

	test('business enrollments can be deleted and prospect enrollments listed', () => {
		expect(operationsOf('businessEnrollment')).toEqual(['create', 'delete', 'list', 'update']);
		expect(operationsOf('prospectEnrollment')).toEqual(['create', 'delete', 'list', 'update']);
	});

	test('each operation shows its fields: Webhook ID on create and update', () => {
		expect(fieldsOf('businessEnrollment', 'create')).toEqual(['enrollmentKey', 'businessIds', 'eventTypes', 'webhookId', 'combine', 'options']);
		expect(fieldsOf('businessEnrollment', 'update')).toEqual(['enrollment', 'enrollmentKey', 'businessIds', 'eventTypes', 'webhookId', 'options']);
		expect(fieldsOf('businessEnrollment', 'delete')).toEqual(['enrollment']);
		expect(fieldsOf('businessEnrollment', 'list')).toEqual(['filters']);
		expect(fieldsOf('prospectEnrollment', 'create')).toEqual(['enrollmentKey', 'prospectIds', 'eventTypes', 'webhookId', 'combine', 'options']);
		expect(fieldsOf('prospectEnrollment', 'update')).toEqual(['enrollmentId', 'enrollmentKey', 'prospectIds', 'eventTypes', 'webhookId', 'options']);
		expect(fieldsOf('prospectEnrollment', 'delete')).toEqual(['enrollmentId']);
		expect(fieldsOf('prospectEnrollment', 'list')).toEqual(['filters']);
	});

	test('Webhook ID: picked from the account\'s webhooks or typed; optional (create: the only webhook; update: the current one)', () => {
		for (const operation of ['create', 'update']) {
			const webhook = field('prospectEnrollment', operation, 'webhookId');
			expect(webhook).toMatchObject({ type: 'resourceLocator', default: { mode: 'list', value: '' } });
			expect(webhook.required).toBeUndefined();
			expect(webhook.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
			expect(webhook.modes?.[0].typeOptions?.searchListMethod).toBe('searchEnrollmentWebhooks');
		}
		expect(field('businessEnrollment', 'create', 'webhookId').description).toBe(
			"The webhook that receives the events of the enrollment. Leave empty to use the account's only active webhook for API v2, such as the one a published Business Events Webhook Trigger created.",
		);
		expect(field('businessEnrollment', 'update', 'webhookId').description).toContain('Leave empty to keep the current one.');
	});

	test('a prospect update keeps what is left empty (v2 updates are partial), as a business update does', () => {
		expect(field('prospectEnrollment', 'update', 'enrollmentKey').required).toBe(false);
		expect(field('prospectEnrollment', 'update', 'eventTypes')).toMatchObject({ default: [] });
		expect(field('prospectEnrollment', 'update', 'eventTypes').required).toBeUndefined();
	});
});

describe('both nodes: conventions', () => {
	test.each([
		['getEvents', new GetEvents().description, [1, 2]],
		['manageEnrollment', new ManageEnrollment().description, [1, 2]],
	])('%s is usable as a tool, with its versions, the package icon and credential', (name, description, versions) => {
		expect(description.name).toBe(name);
		expect(description.usableAsTool).toBe(true);
		expect(description.version).toEqual(versions);
		expect(description.credentials).toEqual([{ name: 'businessProspectDataApi', required: true }]);
		expect(description.icon).toEqual({
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		});
	});
});
