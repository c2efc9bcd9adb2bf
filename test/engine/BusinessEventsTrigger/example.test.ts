/**
 * The shipped trigger example, as a user first meets it: "Fetch Test Event" in the editor runs the
 * poll in manual mode, which must show real events of the example's businesses (not an error).
 * Set-up: setup.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { sandboxCredentials, type WorkflowNode } from '../harness';
import { runPoll } from '../harness/runPoll';
import { sandbox, setUpSandbox } from './setup';

setUpSandbox();

it('the example trigger shows up to 5 recent events of its businesses in a test run', async () => {
	const example = JSON.parse(readFileSync(join(__dirname, '../../../examples/events-trigger.json'), 'utf8'));
	const trigger = example.nodes.find((node: WorkflowNode) => node.type.endsWith('.businessEventsTrigger')) as WorkflowNode;
	const watched = new Set(String(trigger.parameters.businessIds).split(/[\s,]+/));

	const result = await runPoll(trigger, {
		mode: 'manual',
		credentials: sandboxCredentials(sandbox),
	});

	const events = result.items!.map((item) => item.json);
	expect(events.length).toBeGreaterThanOrEqual(1);
	expect(events.length).toBeLessThanOrEqual(5);
	for (const event of events) expect(watched.has(String(event.business_id))).toBe(true);
	// a test run keeps no state: publishing later still starts from "now"
	expect(result.staticData).toEqual({});
});
