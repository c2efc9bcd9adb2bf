/**
 * Enrich as a tool (n8n's generated enrichTool variant) through n8n-core's WorkflowExecute against
 * the sandbox: new enrichments with their parameters, one failed enrichment reported to the model,
 * a missing keyword list as an error text. Set-up and helpers in setup.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { Enrich } from '../../../nodes/Enrich/Enrich.node';
import { onItems, runWorkflow, type WorkflowNode } from '../harness';
import { credentials, expected, pathOf, sandbox, setUpSandbox } from './setup';

setUpSandbox();

describe('Enrich as a tool (n8n\'s generated enrichTool variant)', () => {
	/** What n8n's convertNodeToAiTool changes that the node reads: the type name ends with Tool. */
	class EnrichTool extends Enrich {
		constructor() {
			super();
			this.description = { ...this.description, name: 'enrichTool' };
		}
	}
	const TOOL_TYPE = 'n8n-nodes-business-prospect-data.enrichTool';
	/** the model's argument, as $fromAI resolves it */
	const toolNode = (parameters: INodeParameters): WorkflowNode => ({
		name: 'Enrich Tool',
		type: TOOL_TYPE,
		typeVersion: 1,
		parameters: { resource: 'business', ...parameters },
	});
	const runTool = async (node: WorkflowNode) =>
		await runWorkflow(onItems([{}], node), {
			credentials: credentials(),
			nodeTypes: { [TOOL_TYPE]: new EnrichTool() },
		});

	test('new enrichments with their configured parameters: one request each, one answer', async () => {
		const business = sandbox.universe.businesses[3];
		const result = await runTool(
			toolNode({
				businessId: business.business_id,
				businessEnrichments: ['firmographics', 'websiteKeywords', 'lookalikes'],
				websiteKeywords: 'pricing',
			}),
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => [request.path, request.body])).toEqual([
			[pathOf('firmographics'), { business_ids: [business.business_id] }],
			[pathOf('websiteKeywords'), { business_ids: [business.business_id], parameters: { keywords: ['pricing'] } }],
			[pathOf('lookalikes'), { business_ids: [business.business_id] }],
		]);
		expect(result.json('Enrich Tool')).toEqual([
			{
				business_id: business.business_id,
				firmographics: expected('firmographics', business.business_id),
				website_keywords: expected('websiteKeywords', business.business_id, { keywords: ['pricing'] }),
				similar_companies: expected('lookalikes', business.business_id),
				enrichment_status: 'enriched',
				enrichment_reason: null,
			},
		]);
	});

	test('one failed enrichment: the model still gets the others, told which one failed', async () => {
		const business = sandbox.universe.businesses[3];
		sandbox.configure({ faults: { sequence: ['ok', '403'] } });
		const result = await runTool(
			toolNode({ businessId: business.business_id, businessEnrichments: ['firmographics', 'technographics'] }),
		);
		expect(result.error).toBeUndefined();
		const [answer] = result.json('Enrich Tool');
		expect(answer.firmographics).toEqual(expected('firmographics', business.business_id));
		expect(answer.technographics).toMatchObject({ http_code: 403 });
		expect(answer.enrichment_status).toBe('partial');
	});

	test('a missing keyword list is an error text for the model, and nothing is sent', async () => {
		const business = sandbox.universe.businesses[3];
		// n8n itself refuses an empty required field; an expression that gives nothing reaches the node
		const result = await runTool(
			toolNode({ businessId: business.business_id, businessEnrichments: ['websiteKeywords'], websiteKeywords: '={{ "" }}' }),
		);
		expect(sandbox.requests).toHaveLength(0);
		expect(result.error?.message).toBe(
			'Keywords is required for Website Keywords: give at least one keyword. Write the words to look for, separated by commas, or deselect Website Keywords.',
		);
	});
});
