/**
 * Manage Enrollment's round trips on API v1 (node version 1 at Per Node Version:
 * roundTrip.cases.ts), and a v2-only operation on a credential set to v1, in n8n-core's engine
 * against the sandbox. Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 * Set-up and helpers: ./setup.ts.
 */
import { NOTHING_SENT } from '../../../nodes/shared/batching/validate';
import { roundTripCases, sent } from './roundTrip.cases';
import { byId, NODE, run, setUpSandbox } from './setup';

setUpSandbox();

describe('API v1', () => roundTripCases('v1'));

describe('API v2 only', () => {
	test('business delete on a credential set to v1: every item an error in words, nothing sent', async () => {
		const deleted = await run(
			[{ enrollment_id: 'enr-1' }, { enrollment_id: 'enr-2' }],
			{ resource: 'businessEnrollment', operation: 'delete', enrollment: byId('={{ $json.enrollment_id }}') },
			{ api: 'v2', credentials: { apiVersion: 'v1' }, settings: { onError: 'continueRegularOutput' } },
		);
		expect(deleted.error).toBeUndefined();
		expect(sent()).toEqual([]);
		expect(deleted.json(NODE)).toEqual(
			[0, 1].map((item) => ({
				error: `Item ${item}: Deleting a business enrollment needs API v2, and the credential's API Version is v1`,
				details: `Set API Version to Per Node Version or v2 in the Business Prospect Data API credential. ${NOTHING_SENT}`,
			})),
		);
		expect(deleted.pairedItems(NODE)).toEqual([[{ item: 0 }], [{ item: 1 }]]);
	});
});
