/**
 * "On Error: Continue (using error output)" on API v1 (each node at its newest version that speaks
 * v1 at Per Node Version): a Match Prospects batch the service keeps failing goes to the error
 * output (output 1), with the failing input items' fields merged in by n8n, the other batch to the
 * success output, each paired to its input item. Retiring v1 deletes this file
 * (docs/development.md, "Retiring API v1").
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from './harness';
import { typeVersionFor } from './harness/apiVersions';
import { RETRY_POLICY } from '../../nodes/shared/transport/retryPolicy';

const sandbox = useSandbox({ rateLimit: false }, (started) => started.configure({ faults: {} }));

/** each node at its newest version that speaks v1 at Per Node Version: these are v1's cases */
const node = (type: string, name: string, parameters: INodeParameters = {}): WorkflowNode =>
	packageNode(type, name, parameters, { typeVersion: typeVersionFor(type, 'v1'), onError: 'continueErrorOutput' });

async function run(items: IDataObject[], tested: WorkflowNode) {
	return await runWorkflow(onItems(items, tested), {
		credentials: sandboxCredentials(sandbox),
	});
}

const indexes = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((p) => p.item));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('Continue (using error output)', () => {
	test('Match Prospects: a batch the service keeps failing goes to the error output, the other batch to the success output', async () => {
		const valid = sandbox.universe.prospects.filter((p) => p.matchable).slice(0, 45);
		// batch 1 (items 0-39) goes through; batch 2 (items 40-44) fails on every attempt
		sandbox.configure({ faults: { sequence: ['ok', ...Array(RETRY_POLICY.maxAttempts).fill('503')] } });
		const tested = node('matchProspects', 'Match Prospects', { options: { concurrency: 1 } });
		const result = await run(
			valid.map((p) => ({ email: p.email })),
			tested,
		);

		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.status)).toEqual([200, ...Array(RETRY_POLICY.maxAttempts).fill(503)]);
		expect(indexes(result.pairedItems('Match Prospects', 0))).toEqual(range(40).map((i) => [i]));
		expect(indexes(result.pairedItems('Match Prospects', 1))).toEqual(range(5).map((i) => [40 + i]));
		for (const [position, json] of result.json('Match Prospects', 1).entries()) {
			expect(Object.keys(json).sort()).toEqual(['details', 'email', 'error']);
			expect(json.email).toBe(valid[40 + position].email);
			expect(String(json.error)).toContain('(503)');
		}
	});
});
