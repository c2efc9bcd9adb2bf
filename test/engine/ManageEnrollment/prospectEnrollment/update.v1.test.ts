/**
 * Manage Enrollment, Prospect Enrollment > Update, on API v1, in n8n-core's engine against the
 * sandbox: an update without event types is refused before sending (node version 1 at Per Node
 * Version), and version 2 on a credential set to v1 refuses an empty key or empty event types (v1
 * replaces the enrollment). The create -> update -> delete round trip is in ../roundTrip.test.ts.
 * Retiring v1 deletes this file (docs/development.md, "Retiring API v1"). Set-up and helpers:
 * ../setup.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { NOTHING_SENT } from '../../../../nodes/shared/batching/validate';
import { NODE, prospectIds, runOn, sandbox, setUpSandbox } from '../setup';

setUpSandbox();

/** the node at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases */
const run = runOn('v1');

describe('prospect enrollment: update', () => {
	test('a prospect update without event types is refused before sending', async () => {
		const parameters: INodeParameters = { resource: 'prospectEnrollment', operation: 'update', enrollmentKey: 'job-changes' };
		const item = { prospect_id: prospectIds(1)[0], enrollment_id: 'e-1' };
		// n8n itself refuses the required parameter when it is left empty
		await expect(run([item], parameters)).rejects.toThrow('Parameter "Event Types" is required.');
		// an expression that gives no types is refused by the node
		const updated = await run([item], { ...parameters, eventTypes: '={{ [] }}' });
		expect(updated.error?.message).toBe('Item 0: event_types must hold at least 1 event type');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('version 2 on a credential set to v1: key or event types left empty fail in words (v1 replaces the enrollment), nothing sent', async () => {
		const items = prospectIds(2).map((prospect_id, n) => ({ prospect_id, enrollment_id: `e-${n}` }));
		const updated = await run(
			items,
			{ resource: 'prospectEnrollment', operation: 'update', enrollmentKey: '={{ $itemIndex === 0 ? "" : "job-changes" }}' },
			{ api: 'v2', credentials: { apiVersion: 'v1' }, settings: { onError: 'continueRegularOutput' } },
		);
		expect(updated.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(0);
		expect(updated.json(NODE)).toEqual(
			[0, 1].map((item) => ({
				error: `Item ${item}: Enrollment Key and Event Types are required here: the credential's API Version is v1, where a prospect update replaces the whole enrollment`,
				details: `Set both (the enrollment's current ones to keep them), or set API Version to Per Node Version or v2 in the credential. ${NOTHING_SENT}`,
			})),
		);
	});
});
