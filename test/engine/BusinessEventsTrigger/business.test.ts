/**
 * The Business Events Trigger watching businesses (Business IDs, Business Enrollment), polled
 * through n8n-core (PollTriggerExecutor and PollContext, with the server's per-poll staging of
 * static data) against the sandbox: on API v2 (business.cases.ts; on v1: business.v1.test.ts) first
 * activation, events firing exactly once across polls (tied times, overlapping windows) and
 * enrollments as the source; restarts (redelivered, nothing lost), durable and workflow-kept state,
 * and a wrong API key. Set-up and helpers: setup.ts.
 */
import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { runPoll } from '../harness/runPoll';
import { addEvent, businessIds, businessTriggerCases } from './business.cases';
import { chronological, poll, sandbox, setUpSandbox, triggerNode } from './setup';

setUpSandbox();
beforeEach(() => sandbox.configure({ faults: {}, retryAfterSeconds: undefined }));

afterEach(() => sandbox.configure({ apiKey: undefined }));

describe('Business Events Trigger in n8n-core, API v2', () => businessTriggerCases('v2'));

describe('Business Events Trigger in n8n-core', () => {
	it('after a restart of n8n, fires the last emitted events again, marked redelivered; nothing is lost', async () => {
		const ids = businessIds(400, 2);
		const node = triggerNode({ source: 'ids', businessIds: ids.join(', ') });
		const { staticData } = await poll(node, { mode: 'trigger' });
		const a = addEvent(ids[0]);
		const b = addEvent(ids[1], { event_name: 'new_product' });
		const fired = await poll(node, { mode: 'trigger', staticData });
		expect(fired.events).toEqual(chronological([a, b]));
		// without a restart, the next poll of the emitting process confirms them and fires nothing
		expect(await poll(node, { mode: 'trigger', staticData: fired.staticData })).toMatchObject({ events: null });

		// n8n saved that memory with the execution's start and was killed: the restarted process
		// (another token) cannot tell whether the execution exists, so it fires both again, marked
		const saved = structuredClone(fired.staticData);
		((saved.businessEventsTrigger as IDataObject).unconfirmed as IDataObject).token = 'a-process-before-the-restart';
		const c = addEvent(ids[0], { event_name: 'new_office' });
		const afterRestart = await poll(node, { mode: 'trigger', staticData: saved });
		expect(afterRestart.events).toEqual(chronological([{ ...a, redelivered: true }, { ...b, redelivered: true }, c]));

		// the restarted process polls on: confirmed, nothing repeats
		expect(await poll(node, { mode: 'trigger', staticData: afterRestart.staticData })).toMatchObject({ events: null });
	});

	it('under durable poll cursors, a batch counts as delivered once returned: after a restart nothing repeats and nothing is lost', async () => {
		const ids = businessIds(410, 2);
		const node = triggerNode({ source: 'ids', businessIds: ids.join(', ') });
		const durable = { mode: 'trigger', cursor: 'durable' } as const;
		const { staticData } = await poll(node, durable);
		const a = addEvent(ids[0]);
		const b = addEvent(ids[1], { event_name: 'new_product' });
		const fired = await poll(node, { ...durable, staticData });
		expect(fired.events).toEqual(chronological([a, b]));
		// the cursor n8n stored with their execution holds them as delivered, whichever process reads it next
		expect(fired.staticData.businessEventsTrigger).toMatchObject({ seen: { [`id:${a.event_id}`]: expect.any(Number), [`id:${b.event_id}`]: expect.any(Number) } });
		expect(fired.staticData.businessEventsTrigger).not.toHaveProperty('unconfirmed');

		// n8n stopped (SIGTERM or SIGKILL) after that; an event came meanwhile: only it fires, unmarked
		const c = addEvent(ids[0], { event_name: 'new_office' });
		const afterRestart = await poll(node, { ...durable, staticData: structuredClone(fired.staticData) });
		expect(afterRestart.events).toEqual([c]);
		expect(await poll(node, { ...durable, staticData: afterRestart.staticData })).toMatchObject({ events: null });
	});

	it('without durable poll cursors, a poll keeps its state in the workflow static data, in memory between polls and saved with each execution it starts', async () => {
		const ids = businessIds(420, 1);
		const node = triggerNode({ source: 'ids', businessIds: ids[0] });
		// the poll at activation keeps its floor in memory: n8n polls on with the same workflow
		const activation = await poll(node, { mode: 'trigger', tick: 'activation' });
		expect(activation.events).toBeNull();
		expect(activation.staticData.businessEventsTrigger).toMatchObject({ floor: expect.any(String) });
		const a = addEvent(ids[0]);
		const fired = await poll(node, { mode: 'trigger', staticData: activation.staticData });
		expect(fired.events).toEqual([a]);
		// unconfirmed until the next poll of this process: n8n saves the static data before it creates the execution
		expect(Object.keys((fired.staticData.businessEventsTrigger as { unconfirmed: { keys: IDataObject } }).unconfirmed.keys)).toEqual([`id:${a.event_id}`]);
	});

	it('a wrong API key fails the poll as an invalid credential', async () => {
		const node = triggerNode({ source: 'ids', businessIds: businessIds(0, 1)[0] });
		const error = (await runPoll(node, {
			mode: 'trigger',
			credentials: { businessProspectDataApi: { apiKey: 'wrong-key', baseUrl: sandbox.url } },
		}).catch((e: unknown) => e)) as NodeApiError;
		expect(error.failure).toEqual({ cause: 'credential-invalid' });
		expect(error.message).toBe('The service rejected the API key or partner ID (401): Invalid or missing API key');
		expect(JSON.stringify(error)).not.toContain('wrong-key');
	});
});
