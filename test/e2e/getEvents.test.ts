/**
 * Get Events in a real n8n 2.41 process with the packed package installed: the shipped example
 * (examples/events-on-schedule.json) uses a Schedule Trigger and the package node, and a Since four
 * months back stops the run before any request. Its runs, prospect events and the published
 * trigger on API v1: getEvents.v1.test.ts.
 */
import { REQUEST_METERING, UNPACED_PER_MINUTE } from '../sandbox';
import { useSandboxN8n } from './harness/sandboxN8n';
import { CREDENTIAL, DAY_MS, EXAMPLE, nodes, variant } from './getEvents.cases';

describe('Get Events in real n8n', () => {
	const fourMonthsAgo = new Date(Date.now() - 122 * DAY_MS).toISOString().slice(0, 10);
	const { sandbox, n8n } = useSandboxN8n({
		sandbox: { rateLimit: REQUEST_METERING },
		credential: CREDENTIAL,
		credentialData: { maxRequestsPerMinute: UNPACED_PER_MINUTE },
		workflows: () => [variant('exEventsTooOld01', { since: fourMonthsAgo })],
	});

	test('the example uses a Schedule Trigger and the package node', () => {
		const types = nodes(EXAMPLE).map((node) => node.type);
		expect(types).toEqual(
			expect.arrayContaining([
				'n8n-nodes-base.scheduleTrigger',
				'n8n-nodes-base.manualTrigger',
				`${n8n().nodeType('getEvents')}`,
			]),
		);
	});

	test('Since four months back: the run fails naming item and field, nothing is sent', async () => {
		const result = await n8n().execute('exEventsTooOld01');
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(
			new RegExp(`^Item 0: Since must be within the last 90 days .*got ${fourMonthsAgo}$`),
		);
		expect(sandbox.requests).toHaveLength(0);
	});
});
