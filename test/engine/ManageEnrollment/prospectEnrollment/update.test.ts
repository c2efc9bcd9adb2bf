/**
 * Manage Enrollment, Prospect Enrollment > Update, in n8n-core's engine against the sandbox: an
 * update without event types is refused before sending. The create -> update -> delete round
 * trip is in ../roundTrip.test.ts. Set-up and helpers: ../setup.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { prospectIds, run, sandbox, setUpSandbox } from '../setup';

setUpSandbox();

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
});
