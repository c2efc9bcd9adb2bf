/**
 * Get Events in a real n8n 2.41 process with the packed package installed, on a credential set to
 * API v1: the shipped example (examples/events-on-schedule.json: Schedule Trigger -> Businesses to
 * Watch -> Get Business Events, plus a Manual Trigger for runs from the editor) fetches last week's
 * events of its businesses in one request, on a run and on its schedule. Prospect events: contacts
 * -> Match Prospects -> Get Events (Resource: Prospect, nothing else set) asks /v1/prospects/events
 * for each matched prospect once, 40 per request; a published Business Events Trigger watching a
 * prospect enrollment reads it and polls its prospects. The example's nodes and a Since four
 * months back (nothing sent): getEvents.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_BUSINESS_EVENT_TYPES, DEFAULT_PROSPECT_EVENT_TYPES } from '../../nodes/shared/eventTypes';
import { LIMITS } from '../../nodes/shared/api';
import { contactTable, expectedProspectId } from '../engine/matchEnrichContacts';
import { sandboxClient, REQUEST_METERING, UNPACED_PER_MINUTE } from '../sandbox';
import { waitFor } from './harness/processes';
import type { WorkflowJson } from './harness/n8nInstance';
import { useSandboxN8n } from './harness/sandboxN8n';
import { CREDENTIAL, DAY_MS, EXAMPLE, exampleIds, NODE, nodes } from './getEvents.cases';

const EVENTS_PATH = '/v1/businesses/events';

/** Manual Trigger -> Code (contacts) -> Match Prospects -> Get Events for prospects: defaults but the resource. */
function prospectChain(contacts: IDataObject[]): WorkflowJson {
	const credentials = { businessProspectDataApi: CREDENTIAL };
	const node = (name: string, type: string, typeVersion: number, x: number, parameters: IDataObject, extra = {}) => ({
		id: `e2e-prospect-events-${x}`,
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		id: 'e2eProspectEvents',
		name: 'Contacts -> Match Prospects -> Get Events (prospects)',
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node('Contacts', 'n8n-nodes-base.code', 2, 200, { jsCode: `return ${JSON.stringify(contacts)}.map((json) => ({ json }));` }),
			node('Match Prospects', 'n8n-nodes-business-prospect-data.matchProspects', 1, 400, {}, { credentials }),
			node(NODE, 'n8n-nodes-business-prospect-data.getEvents', 1, 600, { resource: 'prospect', output: 'inputItem' }, { credentials }),
		],
		connections: { Start: link('Contacts'), Contacts: link('Match Prospects'), 'Match Prospects': link(NODE) },
		settings: { executionOrder: 'v1' },
	};
}
describe('Get Events in real n8n', () => {
	let contacts: IDataObject[] = [];
	const { sandbox, n8n } = useSandboxN8n({
		sandbox: { rateLimit: REQUEST_METERING },
		credential: CREDENTIAL,
		// API v1 named: the examples are at their API v2 node versions (apiVersionSwitch.v1.test.ts runs them on both)
		credentialData: { apiVersion: 'v1', maxRequestsPerMinute: UNPACED_PER_MINUTE },
		workflows: (started) => {
			contacts = contactTable(started.universe, 100);
			return [EXAMPLE, prospectChain(contacts)];
		},
	});

	test('the example fetches the last 7 days of events of its 8 businesses in one request', async () => {
		// one more event, added after the sandbox started, must show up too
		const added = sandbox.addEvent({ business_id: exampleIds()[6], event_name: 'new_partnership' });

		const started = Date.now();
		const result = await n8n().execute(EXAMPLE.id);
		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });

		const requests = sandbox.requests.filter((request) => request.path === EVENTS_PATH);
		expect(sandbox.requests).toHaveLength(1);
		expect(requests).toHaveLength(1);
		const body = requests[0].body as IDataObject;
		expect(body.business_ids).toEqual(exampleIds());
		expect(body.event_types).toEqual(DEFAULT_BUSINESS_EVENT_TYPES);
		const from = Date.parse(String(body.timestamp_from));
		expect(from).toBeGreaterThan(started - 7 * DAY_MS - 60_000);
		expect(from).toBeLessThan(Date.now() - 7 * DAY_MS + 1000);

		const expected = sandbox.universe.events.filter(
			(event) =>
				exampleIds().includes(event.business_id) &&
				DEFAULT_BUSINESS_EVENT_TYPES.includes(event.event_name) &&
				Date.parse(event.event_time) > from,
		);
		// the example's businesses were chosen to have events in the default universe
		expect(expected.length).toBeGreaterThanOrEqual(7);
		expect(expected).toContainEqual(added);

		const output = result.output(NODE);
		expect(output.map((item) => item.json)).toEqual(expected);
		for (const item of output) expect(item.pairedItem).toEqual({ item: 0 });
	});

	test('Match Prospects -> Get Events (Prospect) with defaults: each matched prospect once, 40 per request, rows kept', async () => {
		const matched = contacts.map((row) => expectedProspectId(sandbox.universe, row));
		const unique = [...new Set(matched.filter((id): id is string => id !== undefined))];
		// one event of the week for sure, on a matched prospect
		const added = sandbox.addProspectEvent({ prospect_id: unique[41], event_name: 'prospect_changed_company' });

		const result = await n8n().execute('e2eProspectEvents');
		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
		const requests = sandbox.requests.filter((request) => request.path === '/v1/prospects/events');
		expect(requests).toHaveLength(Math.ceil(unique.length / LIMITS.prospectEventIds));
		const bodies = requests.map((request) => request.body as IDataObject);
		// requests run concurrently: compare as sets, and each id is sent once
		const sent = bodies.flatMap((body) => body.prospect_ids as string[]);
		expect([...sent].sort()).toEqual([...unique].sort());
		expect(bodies.map((body) => (body.prospect_ids as string[]).length).sort((a, b) => b - a)).toEqual(
			unique.map((_, n) => n).filter((n) => n % LIMITS.prospectEventIds === 0).map((n) => Math.min(LIMITS.prospectEventIds, unique.length - n)),
		);
		for (const body of bodies) expect(body.event_types).toEqual(DEFAULT_PROSPECT_EVENT_TYPES);
		expect(requests.every((request) => request.status === 200)).toBe(true);

		// every contact row kept in order, with the events of its prospect (none for a miss)
		const from = Date.parse(String(bodies[0].timestamp_from));
		const output = result.output(NODE);
		expect(output).toHaveLength(contacts.length);
		output.forEach((item, index) => {
			expect(item.json.row).toBe(contacts[index].row);
			expect(item.pairedItem).toEqual({ item: index });
			const expected = sandbox.universe.prospectEvents.filter(
				(event) =>
					event.prospect_id === matched[index] &&
					DEFAULT_PROSPECT_EVENT_TYPES.includes(event.event_name) &&
					Date.parse(event.event_time) > from,
			);
			expect(item.json.events).toEqual(expected);
		});
		expect(output.flatMap((item) => item.json.events as IDataObject[])).toContainEqual(added);
	});
});

describe('the example on its schedule (published, n8n start)', () => {
	// The same workflow, its Schedule Trigger firing every 10 seconds instead of every Monday.
	const scheduled = structuredClone(EXAMPLE);
	scheduled.id = 'exEventsSchedul2';
	const trigger = nodes(scheduled).find((node) => node.type === 'n8n-nodes-base.scheduleTrigger')!;
	trigger.parameters = { rule: { interval: [{ field: 'seconds', secondsInterval: 10 }] } };

	// A trigger watching a prospect enrollment, published with the example: n8n polls it once at
	// activation (a test poll), which lists the prospect enrollments and asks for their events.
	let enrollment: { enrollment_id: string; prospect_ids: string[] } | undefined;
	const prospectTrigger = (enrollmentId: string): WorkflowJson => ({
		id: 'e2eProspectTrigger',
		name: 'Watch a prospect enrollment',
		nodes: [
			{
				id: 'e2e-prospect-trigger',
				name: 'Business Events Trigger',
				type: 'n8n-nodes-business-prospect-data.businessEventsTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyHour' }] },
					source: 'prospectEnrollment',
					prospectEnrollment: { __rl: true, mode: 'id', value: enrollmentId },
				},
				credentials: { businessProspectDataApi: CREDENTIAL },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	});

	const { sandbox, n8n } = useSandboxN8n({
		sandbox: { rateLimit: REQUEST_METERING },
		credential: CREDENTIAL,
		// API v1 named: the examples are at their API v2 node versions (apiVersionSwitch.v1.test.ts runs them on both)
		credentialData: { apiVersion: 'v1', maxRequestsPerMinute: UNPACED_PER_MINUTE },
		workflows: async (started) => {
			const prospect_ids = started.universe.prospects.slice(0, 45).map((prospect) => prospect.prospect_id);
			const created = await sandboxClient(started).call('createProspectEnrollment', {
				enrollment_key: 'e2e-movers',
				prospect_ids,
				event_types: ['prospect_changed_company', 'prospect_job_start_anniversary'],
			});
			enrollment = { enrollment_id: String(created.body.enrollment_id), prospect_ids };
			return [scheduled, prospectTrigger(enrollment.enrollment_id)];
		},
		afterImport: async (instance, started) => {
			// publishing in a running n8n activates moments later: the activation poll is recorded from here
			started.clearRequests();
			await instance.publish(scheduled.id);
			await instance.publish('e2eProspectTrigger');
		},
		// the tests read what the activation polls sent
		clearBeforeEach: false,
	});

	test('a published trigger watching a prospect enrollment lists it and polls its 45 prospects in 2 requests', async () => {
		const polled = await waitFor(
			'the activation poll of the prospect trigger',
			async () => {
				const requests = sandbox.requests.filter((request) => request.path === '/v1/prospects/events');
				return requests.length >= 2 ? requests : undefined;
			},
			{ timeoutMs: 30_000 },
		);
		const listed = sandbox.requests.filter((request) => request.path === '/v1/prospects/events/enrollments');
		expect(listed.length).toBeGreaterThanOrEqual(1);
		expect(listed.every((request) => request.method === 'GET' && request.status === 200)).toBe(true);
		expect(polled.slice(0, 2).map((request) => (request.body as IDataObject).prospect_ids)).toEqual([
			enrollment!.prospect_ids.slice(0, 40),
			enrollment!.prospect_ids.slice(40),
		]);
		expect(polled.every((request) => request.status === 200)).toBe(true);
		expect((polled[0].body as IDataObject).event_types).toEqual(['prospect_changed_company', 'prospect_job_start_anniversary']);
	});

	test('each scheduled run fetches the week\'s events in one request', async () => {
		const [execution] = await n8n().waitForExecutions(scheduled.id, 1, { timeoutMs: 60_000 });
		expect(execution.status).toBe('success');
		expect(execution.executedNodes).toEqual([trigger.name, 'Businesses to Watch', NODE]);

		const first = sandbox.requests.find((request) => request.path === EVENTS_PATH)!;
		const from = Date.parse(String((first.body as IDataObject).timestamp_from));
		const expected = sandbox.universe.events.filter(
			(event) =>
				exampleIds().includes(event.business_id) &&
				DEFAULT_BUSINESS_EVENT_TYPES.includes(event.event_name) &&
				Date.parse(event.event_time) > from,
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(execution.items(NODE)).toEqual(expected);
		// one request per scheduled run, never more
		const runs = (await n8n().executions(scheduled.id)).length;
		expect(sandbox.requests.filter((request) => request.path === EVENTS_PATH).length).toBeLessThanOrEqual(runs + 1);
		expect(n8n().packageLoadErrors()).toEqual([]);
	});
});
