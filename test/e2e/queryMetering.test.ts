/**
 * Issue 28's timeout check in a real n8n (the shared n8n 2.x, the packed package): a workflow whose
 * timeout is 80 s waits 25 s, then Match Prospects needs at least a minute of the key's 200
 * queries: refused before anything is sent, as n8n's own deadline counts the time already spent.
 * The run under query metering itself (on API v1): queryMetering.v1.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { contactTable } from '../engine/matchEnrichContacts';
import { useSandboxN8n } from './harness/sandboxN8n';
import { CONTACTS, CREDENTIAL, LATENCY_MS, TIMEOUT_WORKFLOW_ID, timeoutWorkflow } from './queryMetering.cases';

describe('Match Prospects -> Enrich under query metering, in real n8n', () => {
	let contacts: IDataObject[] = [];
	const { sandbox, n8n } = useSandboxN8n({
		// the service as its page describes it: 200 queries a minute, a bulk call weighing its entities
		sandbox: { latencyMs: LATENCY_MS },
		// the credential's pacing left at its default: the key's 200 queries a minute
		credential: CREDENTIAL,
		workflows: (started) => {
			contacts = contactTable(started.universe, CONTACTS);
			return [timeoutWorkflow(contacts.slice(0, 250))];
		},
	});

	test("the timeout check counts the time the execution already spent (n8n's own deadline): refused after a 25 s wait, nothing sent", async () => {
		sandbox.clearRequests();
		const result = await n8n().execute(TIMEOUT_WORKFLOW_ID, { timeoutMs: 120_000 });
		expect(result.status).toBe('error');
		expect(result.error?.message).toBe(
			'This run needs about 250 queries: at least 1 minute at 200 queries per minute, longer than the time left before the workflow times out (less than a minute); nothing was sent',
		);
		expect(sandbox.requests).toEqual([]);
	});
});
