/**
 * The Business Events Trigger watching prospects (Prospect IDs, Prospect Enrollment), polled
 * through n8n-core against the sandbox: a manual test run's recent events, an unusable prospect id
 * refused before any request, and on API v2 (prospect.cases.ts; on v1: prospect.v1.test.ts) a
 * prospect enrollment created by the Manage Enrollment node as the source (the trigger lists
 * enrollments on its own version). Set-up and helpers: setup.ts.
 */
import type { NodeOperationError } from 'n8n-workflow';

import { prospectEnrollmentCases, prospectIds } from './prospect.cases';
import { poll, sandbox, setUpSandbox, triggerNode } from './setup';

setUpSandbox();

describe('Business Events Trigger watching prospects', () => {
	it('a manual test run shows recent prospect events of the chosen types', async () => {
		const ids = prospectIds(0, 400);
		// anniversaries fall on the start dates' days (the 1st in the sandbox): look back 60 days
		const node = triggerNode({
			source: 'prospectIds',
			prospectIds: ids,
			prospectEventTypes: ['prospect_job_start_anniversary'],
			options: { lookBackDays: 60 },
		});
		const { events, staticData } = await poll(node, { mode: 'manual' });
		expect(staticData).toEqual({});
		expect(events?.length).toBe(5);
		const cutoff = Date.now() - 60 * 86_400_000 - 60_000;
		for (const event of events!) {
			expect(event.event_name).toBe('prospect_job_start_anniversary');
			expect(ids).toContain(event.prospect_id);
			expect(Date.parse(event.event_time as string)).toBeGreaterThan(cutoff);
		}
		// the most recent ones first
		const times = events!.map((event) => Date.parse(event.event_time as string));
		expect(times).toEqual([...times].sort((a, b) => b - a));
	});

	it('refuses an unusable prospect id before any request, naming it', async () => {
		const node = triggerNode({ source: 'prospectIds', prospectIds: `${prospectIds(0, 1)[0]}, jane doe` });
		const error = (await poll(node, { mode: 'trigger' }).catch((e: unknown) => e)) as NodeOperationError;
		expect(error.message).toBe(
			'Prospect ID number 2 in Prospect IDs: "jane doe" is not an ID: must not contain spaces or control characters (separate IDs with commas, semicolons or line breaks)',
		);
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('Business Events Trigger watching a prospect enrollment, API v2', () => prospectEnrollmentCases('v2'));
