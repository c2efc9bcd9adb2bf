/**
 * A refused API key (401) stops the run's requests in every node, not only in the batching engine:
 * the run's one client remembers the refusal and sends nothing more. Manage Enrollment sent every
 * remaining delete with the refused key under Continue on Fail, and Search Businesses every
 * remaining item's search. Manage Enrollment 2's creates on v2; its creates on v1:
 * refusedKey.v1.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ENDPOINTS } from '../../nodes/shared/api';
import { onItems, packageNode, runWorkflow, useSandbox, type WorkflowNode } from './harness';
import { typeVersionFor } from './harness/apiVersions';

const REFUSED = /^The service rejected the API key or partner ID \(401\): Invalid or missing API key/;
const NOT_SENT = ' (not sent: an earlier request of this run was refused)';

const sandbox = useSandbox({ rateLimit: false });

async function run(type: string, name: string, items: IDataObject[], parameters: INodeParameters, settings: Partial<WorkflowNode> = {}) {
	return await runWorkflow(onItems(items, packageNode(type, name, parameters, settings)), {
		credentials: { businessProspectDataApi: { apiKey: 'a-refused-key-0000', baseUrl: sandbox.url } },
	});
}

const CONTINUE = { onError: 'continueRegularOutput' } as const;

describe('Manage Enrollment with a refused API key', () => {
	test('delete of three enrollments under Continue on Fail: 1 request, three paired error items', async () => {
		const items = ['e-1', 'e-2', 'e-3'].map((enrollment_id) => ({ enrollment_id }));
		const result = await run('manageEnrollment', 'Manage Enrollment', items, { resource: 'prospectEnrollment', operation: 'delete' }, CONTINUE);
		expect(sandbox.requests.map((request) => [request.method, request.status])).toEqual([['DELETE', 401]]);
		const out = result.output('Manage Enrollment');
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out.map((item) => String(item.json.error).endsWith(NOT_SENT))).toEqual([false, true, true]);
	});
});

describe('Search Businesses with a refused API key', () => {
	test('three different searches under Continue on Fail: 1 request, three paired error items', async () => {
		const items = [10, 20, 30].map((limit) => ({ limit }));
		const result = await run('searchBusinesses', 'Search Businesses', items, { mode: 'preview', limit: '={{ $json.limit }}' }, CONTINUE);
		expect(sandbox.requests).toHaveLength(1);
		const out = result.output('Search Businesses');
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		for (const item of out) expect(String(item.json.error)).toMatch(REFUSED);
	});
});

describe('Manage Enrollment 2 with a refused API key (API v2)', () => {
	const prospectIds = (count: number) => sandbox.universe.prospects.slice(0, count).map((prospect) => prospect.prospect_id);
	const createEach: INodeParameters = {
		resource: 'prospectEnrollment',
		operation: 'create',
		combine: 'each',
		enrollmentKey: '={{ "watch-" + $json.prospect_id.slice(0, 6) }}',
		webhookId: { __rl: true, mode: 'id', value: '3f2b8c1e-5d4a-4e6f-9b7c-0a1d2e3f4a5b' },
	};
	const v2 = { typeVersion: typeVersionFor('manageEnrollment', 'v2') };

	// v2 keeps prospect creates by key: the run's first request lists the enrollments, and is refused
	test('create, one enrollment per item, under Continue on Fail: 1 request, every item the refusal, paired', async () => {
		const result = await run('manageEnrollment', 'Manage Enrollment', prospectIds(3).map((prospect_id) => ({ prospect_id })), createEach, { ...CONTINUE, ...v2 });
		expect(sandbox.requests.map((request) => [request.method, request.path, request.status])).toEqual([['GET', ENDPOINTS.listProspectEnrollments.path, 401]]);
		const out = result.output('Manage Enrollment');
		expect(out.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		for (const item of out) expect(String(item.json.error)).toMatch(REFUSED);
	});

	test('create without Continue on Fail: the run stops at the first request, the refusal its error', async () => {
		const result = await run('manageEnrollment', 'Manage Enrollment', prospectIds(3).map((prospect_id) => ({ prospect_id })), createEach, v2);
		expect(sandbox.requests).toHaveLength(1);
		expect(result.error?.message).toMatch(REFUSED);
		expect(result.error?.httpCode).toBe('401');
	});
});
