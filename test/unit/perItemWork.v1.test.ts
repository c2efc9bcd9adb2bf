/**
 * API v1's cases of per-item work (its service answers v1's paths): retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Per-item cost does not grow with the run: the nodes do the same work per item for 10,000
 * items as for 100 (counted as array work, see support/arrayWork.ts, and parameter reads through
 * n8n's expression engine), with the service answered in memory. Each fake context has its own
 * API key with an unlimited budget (the rate limit would only add waiting, not work).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodeType } from 'n8n-workflow';

import { Enrich } from '../../nodes/Enrich/Enrich.node';
import { GetEvents } from '../../nodes/GetEvents/GetEvents.node';
import { ManageEnrollment } from '../../nodes/ManageEnrollment/ManageEnrollment.node';
import { MatchProspects } from '../../nodes/MatchProspects/MatchProspects.node';
import { V1_ENDPOINTS } from '../../nodes/shared/api';
import { countArrayWork } from './support/arrayWork';
import { fakeContext, ok, type RecordedCall, TEST_NODE } from './support/fakeContext';

const hex = (n: number, length: number) => n.toString(16).padStart(length, '0');
const pathOf = (call: RecordedCall) => new URL(call.url).pathname;

/** The service, answered in memory: a match for every email, a profile and an event per id. */
function service(call: RecordedCall) {
	const path = pathOf(call);
	if (path === V1_ENDPOINTS.matchProspects.path) {
		const prospects = call.body.prospects_to_match as IDataObject[];
		return ok({
			matched_prospects: prospects.map((input) => ({
				prospect_id: typeof input.email === 'string' ? hex(Number(/\d+/.exec(input.email)?.[0]), 40) : null,
				input,
			})),
		});
	}
	if (path === V1_ENDPOINTS.enrichProspectProfiles.path) {
		return ok({ data: (call.body.prospect_ids as string[]).map((id) => ({ prospect_id: id, data: { job_title: 'CTO' } })) });
	}
	if (path === V1_ENDPOINTS.getBusinessEvents.path) {
		return ok({
			output_events: (call.body.business_ids as string[]).map((id) => ({
				event_id: `e-${id}`,
				business_id: id,
				event_name: 'new_product',
				event_time: '2026-01-01T00:00:00Z',
			})),
		});
	}
	if (path === V1_ENDPOINTS.deleteProspectEnrollment.path) return ok({ status: 'success' });
	throw new Error(`unexpected request to ${path}`);
}

/** Top-level parameter defaults of a node, as n8n fills them in. */
function defaults(node: INodeType, parameters: IDataObject): IDataObject {
	const values: IDataObject = {};
	for (const property of node.description.properties as INodeProperties[]) {
		if (property.type === 'notice' || values[property.name] !== undefined) continue;
		// '@version': the fake node's typeVersion, as n8n shows a property of some versions only
		const shown = Object.entries(property.displayOptions?.show ?? {}).every(([name, allowed]) =>
			(allowed as unknown[]).includes(name === '@version' ? TEST_NODE.typeVersion : (parameters[name] ?? values[name])),
		);
		if (shown) values[property.name] = property.default as IDataObject[string];
	}
	return { ...values, ...parameters };
}

/**
 * A node run over `items`: getNodeParameter answers from the parameters and evaluates
 * `={{ $json.<field> }}` itself (counted as an engine read); raw reads are free.
 */
async function runNode(node: INodeType, parameters: IDataObject, items: IDataObject[]) {
	const { ctx, calls } = fakeContext(service);
	const input = items.map((json) => ({ json }));
	const values = defaults(node, parameters);
	let engineReads = 0;
	const getNodeParameter = (name: string, itemIndex: number, fallback?: unknown, options?: IDataObject) => {
		const raw = name.split('.').reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], values) ?? fallback;
		if (options?.rawExpressions) return raw;
		engineReads++;
		const reference = typeof raw === 'string' ? /^=\{\{ \$json\.(\w+) \}\}$/.exec(raw) : null;
		if (reference) return input[itemIndex].json[reference[1]];
		if (typeof raw === 'string' && raw.startsWith('=')) throw new Error(`the fake cannot evaluate ${raw}`);
		return raw;
	};
	Object.assign(ctx, {
		getInputData: () => input,
		getNode: () => ({ ...TEST_NODE, parameters: values }),
		getNodeParameter,
		getWorkflowDataProxy: (itemIndex: number) => ({ $json: input[itemIndex].json }),
		getTimezone: () => 'UTC',
	});
	const { result, work } = await countArrayWork(async () => await node.execute!.call(ctx as IExecuteFunctions));
	return { output: (result as unknown as INodeExecutionData[][])[0], calls, work, engineReads };
}

/** Runs at 100 and at 10,000 items; per-item work may differ by at most 10 %. */
async function compareSizes(run: (size: number) => ReturnType<typeof runNode>) {
	const small = await run(100);
	const large = await run(10_000);
	expect(large.output.length).toBe(100 * small.output.length);
	const perItem = { small: small.work / 100, large: large.work / 10_000 };
	expect(perItem.large).toBeLessThanOrEqual(perItem.small * 1.1);
	return { small, large, perItem };
}

const contacts = (n: number) =>
	Array.from({ length: n }, (_, i) => (i % 10 === 9 ? { full_name: 'Jane Doe', company_name: 'Acme' } : { email: `person${i}@example.com`, note: i }));

describe('per-item work stays the same from 100 to 10,000 items', () => {
	it('Match Prospects, default parameters: no engine reads per item', async () => {
		const { large } = await compareSizes(async (n) => await runNode(new MatchProspects(), {}, contacts(n)));
		expect(large.calls).toHaveLength(250);
		expect(large.engineReads).toBe(1);
	});

	it('Enrich, default parameters', async () => {
		const matched = (n: number) =>
			Array.from({ length: n }, (_, i) => ({ prospect_id: i % 10 === 9 ? null : hex(i % (n / 2), 40) }));
		const { large } = await compareSizes(async (n) => await runNode(new Enrich(), {}, matched(n)));
		expect(large.calls).toHaveLength(90);
		expect(large.engineReads).toBeLessThan(10);
	});

	it('Get Events, default parameters', async () => {
		const businesses = (n: number) => Array.from({ length: n }, (_, i) => ({ business_id: hex(i, 32) }));
		const { large } = await compareSizes(
			async (n) => await runNode(new GetEvents(), { since: new Date(Date.now() - 7 * 86_400_000).toISOString(), output: 'inputItem' }, businesses(n)),
		);
		expect(large.calls).toHaveLength(250);
		expect(large.engineReads).toBeLessThan(10);
	});

	it('Manage Enrollment, delete, every item naming the same enrollment', async () => {
		const same = (n: number) => Array.from({ length: n }, () => ({ enrollment_id: 'enr-1' }));
		const run = async (n: number) =>
			await runNode(new ManageEnrollment(), { resource: 'prospectEnrollment', operation: 'delete' }, same(n));
		const small = await run(100);
		const large = await run(10_000);
		expect(large.calls).toHaveLength(1);
		expect(large.output).toHaveLength(1);
		expect(large.work / 10_000).toBeLessThanOrEqual((small.work / 100) * 1.1);
	});
});
