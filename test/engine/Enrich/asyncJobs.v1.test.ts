/**
 * Enrich 2 on a credential set to API v1, through n8n-core's WorkflowExecute against the sandbox:
 * no async job (jobs need v2), v1's requests, and a hint that says why when the ids reach the
 * threshold (none below it). Retiring v1 deletes this file (docs/development.md, "Retiring API
 * v1").
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { JOB_DEFAULTS } from '../../../nodes/shared/jobs';
import { onItems, packageNode, runWorkflow, sandboxCredentials, type WorkflowNode } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';
import { pathOf, sandbox, setUpSandbox } from './setup';

setUpSandbox();

const V2 = typeVersionFor('enrich', 'v2');
// the client's own budget of 200 a minute would make the 200 requests of the sync path a minute long
const UNLIMITED = { maxRequestsPerMinute: 1_000_000 };

beforeAll(() => {
	// polls in milliseconds: the sandbox's jobs are done at their first poll unless a test says otherwise
	Object.assign(JOB_DEFAULTS as { firstPollMs: number; maxPollMs: number }, { firstPollMs: 10, maxPollMs: 40 });
});
beforeEach(() => sandbox.jobs.configure({ queuedMs: 0, runningMs: 0, fileTtlMs: undefined, failWith: undefined, cellEncoding: undefined }));

const lines = () => sandbox.requests.map((request) => `${request.method} ${request.path}`);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
/** 10,000 business ids: the universe's, then well-formed ids of nobody */
const manyIds = (count: number) => range(count).map((i) => sandbox.universe.businesses[i]?.business_id ?? i.toString(16).padStart(32, 'e'));

const enrichNode = (parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode('enrich', 'Enrich', { resource: 'business', ...parameters }, { typeVersion: V2, ...settings });

async function run(items: IDataObject[], node: WorkflowNode, credentials: IDataObject = {}) {
	const messages: unknown[] = [];
	const result = await runWorkflow(onItems(items, node), {
		credentials: sandboxCredentials(sandbox, { ...UNLIMITED, ...credentials }),
		sendDataToUI: (type, data) => {
			if (type === 'sendConsoleMessage') messages.push(...((data as { messages: unknown[] }).messages ?? []));
		},
	});
	return Object.assign(result, { messages, hints: result.runData.Enrich?.[0]?.hints ?? [] });
}

describe('Enrich and the API version: jobs only on API v2 at Enrich 2', () => {
	const items = () => manyIds(1_000).map((business_id) => ({ business_id }));

	test('Enrich 2 on a credential set to v1: /v1 requests and one hint that says why no job ran', async () => {
		const result = await run(items(), enrichNode({ businessEnrichments: ['firmographics'] }), { apiVersion: 'v1' });
		expect(result.error).toBeUndefined();
		expect(lines()).toEqual(Array(20).fill(`POST ${pathOf('firmographics', 'v1')}`));
		expect(result.hints).toEqual([
			{
				message: 'No async job ran for these 1,000 IDs: async jobs need API v2, and the credential\'s API Version is v1, so they were sent 50 a request.',
				location: 'outputPane',
			},
		]);
	});

	test('Enrich 2 on v1 below the threshold: no hint', async () => {
		const result = await run(items().slice(0, 999), enrichNode({ businessEnrichments: ['firmographics'] }), { apiVersion: 'v1' });
		expect(sandbox.requests).toHaveLength(20);
		expect(result.hints).toEqual([]);
	});
});
