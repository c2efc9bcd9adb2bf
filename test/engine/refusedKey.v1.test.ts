/**
 * A refused API key (401) stops the run's requests in every node, on API v1 (Manage Enrollment at
 * version 1, at Per Node Version): the run's one client remembers the refusal and sends nothing
 * more; Manage Enrollment's creates, one per item, under Continue on Fail and without it. Retiring
 * v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { onItems, packageNode, runWorkflow, useSandbox, type WorkflowNode } from './harness';
import { typeVersionFor } from './harness/apiVersions';

const REFUSED = /^The service rejected the API key or partner ID \(401\): Invalid or missing API key/;
const NOT_SENT = ' (not sent: an earlier request of this run was refused)';

const sandbox = useSandbox({ rateLimit: false });

/** each node at its newest version that speaks v1 at Per Node Version: these are v1's cases */
async function run(type: string, name: string, items: IDataObject[], parameters: INodeParameters, settings: Partial<WorkflowNode> = {}) {
	return await runWorkflow(onItems(items, packageNode(type, name, parameters, { typeVersion: typeVersionFor(type, 'v1'), ...settings })), {
		credentials: { businessProspectDataApi: { apiKey: 'a-refused-key-0000', baseUrl: sandbox.url } },
	});
}

const prospectIds = (count: number) => sandbox.universe.prospects.slice(0, count).map((prospect) => prospect.prospect_id);
const CONTINUE = { onError: 'continueRegularOutput' } as const;
const createEach: INodeParameters = {
	resource: 'prospectEnrollment',
	operation: 'create',
	combine: 'each',
	enrollmentKey: '={{ "watch-" + $json.prospect_id.slice(0, 6) }}',
};

describe('Manage Enrollment with a refused API key', () => {
	test('create, one enrollment per item, under Continue on Fail: 1 request, every item an error, paired', async () => {
		const result = await run('manageEnrollment', 'Manage Enrollment', prospectIds(3).map((prospect_id) => ({ prospect_id })), createEach, CONTINUE);
		expect(sandbox.requests.map((request) => request.status)).toEqual([401]);
		const out = result.output('Manage Enrollment');
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const errors = out.map((item) => String(item.json.error));
		expect(errors[0]).toMatch(REFUSED);
		expect(errors[0]).not.toContain('not sent');
		for (const error of errors.slice(1)) {
			expect(error).toMatch(REFUSED);
			expect(error.endsWith(NOT_SENT)).toBe(true);
		}
	});

	test('create without Continue on Fail: the run stops at the first request and names what was not sent', async () => {
		const ids = prospectIds(3);
		const result = await run('manageEnrollment', 'Manage Enrollment', ids.map((prospect_id) => ({ prospect_id })), createEach);
		expect(sandbox.requests).toHaveLength(1);
		expect(result.error?.message).toMatch(REFUSED);
		expect(result.error?.description).toContain(`Not sent: watch-${ids[1].slice(0, 6)}, watch-${ids[2].slice(0, 6)}.`);
	});
});
