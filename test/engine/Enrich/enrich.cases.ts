/**
 * Enrich's cases on one API version, at the node version that speaks it: enrich.test.ts runs them
 * on v2, enrich.v1.test.ts on v1 (retiring v1 deletes that file); and the helpers the two files
 * share. All business enrichments at once (exact requests per endpoint, pairing, content), and
 * prospect contact information with the profile.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type ApiVersion, LIMITS, V2_REMOVED_FIELDS } from '../../../nodes/shared/api';
import { contactInformation } from '../../sandbox/universe/moreEnrichments';
import { onItems, packageNode, runWorkflow, type WorkflowNode } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';
import { BUSINESS, credentials, expected, pathOf, sandbox } from './setup';

const requestsTo = (path: string) => sandbox.requests.filter((request) => request.path === path);
export const bodies = (path: string) => requestsTo(path).map((request) => request.body as IDataObject);
export const range = (n: number) => Array.from({ length: n }, (_, i) => i);
export const pairedIndexes = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((p) => p.item));

export const enrichNode = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode('enrich', 'Enrich', parameters, settings);

export async function run(items: IDataObject[], node: WorkflowNode) {
	return await runWorkflow(onItems(items, node), { credentials: credentials() });
}

/** What an enrichment's output holds on a version: v2 no longer returns some fields (V2_REMOVED_FIELDS), never invented. */
function onVersion(api: ApiVersion, value: string, served: unknown): unknown {
	if (api !== 'v2' || served === null) return served;
	const segment = pathOf(value, 'v2').replace(/^\/v2\//, '').replace(/\/enrich$/, '');
	const removed = Object.hasOwn(V2_REMOVED_FIELDS, segment) ? V2_REMOVED_FIELDS[segment] : [];
	const without = (record: unknown) =>
		Object.fromEntries(Object.entries(record as IDataObject).filter(([key]) => !removed.includes(key)));
	return Array.isArray(served) ? served.map(without) : without(served);
}

export function allBusinessEnrichmentsCases(api: ApiVersion): void {
	test('120 items, 110 unique ids: 3 requests per endpoint (50, 50, 10), 120 items in order, each key filled', async () => {
		const businesses = sandbox.universe.businesses.slice(0, 110);
		const ids = [...businesses.map((b) => b.business_id), ...businesses.slice(0, 10).map((b) => b.business_id)];
		const rows = ids.map((business_id, row) => ({ business_id, row }));
		const values = Object.keys(BUSINESS) as Array<keyof typeof BUSINESS>;
		const result = await run(
			rows,
			enrichNode({
				resource: 'business',
				businessEnrichments: values,
				websiteKeywords: 'pricing, careers',
				websiteTrafficMonth: '2024-05',
				financialIndicatorsDate: '2024-12-31',
				intentTopics: '',
				intentMinScore: 70,
			}, { typeVersion: typeVersionFor('enrich', api) }),
		);

		expect(result.error).toBeUndefined();
		const unique = ids.slice(0, 110);
		const perRequest = Math.ceil(unique.length / LIMITS.businessEnrichIds);
		expect(perRequest).toBe(3);
		expect(sandbox.requests).toHaveLength(values.length * perRequest);
		// every answer was a 200: the sandbox validated each body with the catalog's schema
		expect(sandbox.requests.every((request) => request.status === 200)).toBe(true);
		const sentParameters: Record<string, IDataObject | undefined> = {
			websiteKeywords: { keywords: ['pricing', 'careers'] },
			websiteTraffic: { month_period: '2024-05' },
			financialIndicators: { date: '2024-12-31' },
			businessIntent: { min_score: 70 },
		};
		for (const value of values) {
			const sent = bodies(pathOf(value, api));
			expect([value, sent.map((body) => (body.business_ids as string[]).length)]).toEqual([value, [50, 50, 10]]);
			expect(sent.flatMap((body) => body.business_ids as string[])).toEqual(unique);
			for (const body of sent) expect([value, body.parameters]).toEqual([value, sentParameters[value]]);
		}

		const output = result.json('Enrich');
		expect(output).toHaveLength(120);
		expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual(range(120).map((i) => [i]));
		output.forEach((item, i) => {
			expect(item.row).toBe(i);
			expect(item.business_id).toBe(ids[i]);
			expect(item.enrichment_status).toBe('enriched');
			for (const value of values) {
				expect([value, item[BUSINESS[value][0]]]).toEqual([value, onVersion(api, value, expected(value, ids[i], sentParameters[value]))]);
			}
		});
		// the data is realistic: some companies lack some enrichments, lists hold up to 3 lookalikes
		expect(output.some((item) => item.financial_indicators === null)).toBe(true);
		expect(output.some((item) => item.financial_indicators !== null)).toBe(true);
		expect(output.some((item) => item.website_traffic === null)).toBe(true);
		expect(output.every((item) => (item.similar_companies as unknown[]).length <= 3)).toBe(true);
		expect(output.some((item) => (item.website_keywords as IDataObject).keywords_indicator === true)).toBe(true);
	});
}

export function prospectContactCases(api: ApiVersion): void {
	const node = (parameters: INodeParameters) => enrichNode(parameters, { typeVersion: typeVersionFor('enrich', api) });

	test('prospect contact information with the profile: ceil(60 / 50) requests each, under contact_information', async () => {
		const prospects = sandbox.universe.prospects.slice(0, 60);
		const result = await run(
			prospects.map((p) => ({ prospect_id: p.prospect_id })),
			node({ prospectEnrichments: ['contactInformation', 'profile'] }),
		);
		expect(result.error).toBeUndefined();
		const [profiles, contacts] = [pathOf('profile', api), pathOf('contactInformation', api)];
		expect(sandbox.requests.map((request) => [request.path, request.body])).toEqual([
			[profiles, { prospect_ids: prospects.slice(0, 50).map((p) => p.prospect_id) }],
			[profiles, { prospect_ids: prospects.slice(50).map((p) => p.prospect_id) }],
			[contacts, { prospect_ids: prospects.slice(0, 50).map((p) => p.prospect_id) }],
			[contacts, { prospect_ids: prospects.slice(50).map((p) => p.prospect_id) }],
		]);
		const output = result.json('Enrich');
		expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual(range(60).map((i) => [i]));
		output.forEach((item, i) => {
			expect(item.prospect_id).toBe(prospects[i].prospect_id);
			expect(item.profile).toEqual(prospects[i].profile);
			const served = contactInformation(sandbox.universe.seed, prospects[i]) ?? null;
			// v2 no longer returns emails (README, API v2): absent, never invented
			const withoutEmails = served && Object.fromEntries(Object.entries(served).filter(([key]) => key !== 'emails'));
			expect(item.contact_information).toEqual(api !== 'v2' ? served : withoutEmails);
			expect(item.enrichment_status).toBe('enriched');
		});
		expect(output.some((item) => item.contact_information === null)).toBe(true);
		const contactsOut = output.find((item) => item.contact_information !== null)!.contact_information as IDataObject;
		// v2's professional_email reaches the output under v1's name
		expect(contactsOut.professions_email).toBe(prospects[output.findIndex((item) => item.contact_information !== null)].email);
		// said once per run, on v2 only
		expect(result.runData.Enrich[0].hints ?? []).toEqual(
			api !== 'v2'
				? []
				: [{ message: 'API v2 no longer returns these fields, so they are missing from the output: Contact Information: emails.', location: 'outputPane' }],
		);
	});
}
