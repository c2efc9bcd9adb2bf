/**
 * Every enrichment of Enrich through n8n-core's WorkflowExecute against the sandbox: all business
 * enrichments at once (exact requests per endpoint, pairing, content), contact information,
 * typed parameters (sent, grouped per value, validated before any request), and one failed
 * enrichment that never loses the others of the same item. Enrich as a tool is in
 * enrichTool.test.ts, a refused API key in refusedKey.test.ts; set-up and helpers in setup.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { previousMonth } from '../../../nodes/Enrich/parameters';
import { type ApiVersion, LIMITS, V2_REMOVED_FIELDS } from '../../../nodes/shared/api';
import { RETRY_POLICY } from '../../../nodes/shared/transport/retryPolicy';
import { contactInformation } from '../../sandbox/universe/moreEnrichments';
import { onItems, packageNode, runWorkflow, type WorkflowNode } from '../harness';
import { API_VERSIONS, typeVersionFor } from '../harness/apiVersions';
import { BUSINESS, credentials, expected, pathOf, sandbox, setUpSandbox } from './setup';

setUpSandbox();

const requestsTo = (path: string) => sandbox.requests.filter((request) => request.path === path);
const bodies = (path: string) => requestsTo(path).map((request) => request.body as IDataObject);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const pairedIndexes = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((p) => p.item));

const enrichNode = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode('enrich', 'Enrich', parameters, settings);

async function run(items: IDataObject[], node: WorkflowNode) {
	return await runWorkflow(onItems(items, node), { credentials: credentials() });
}

/** What an enrichment's output holds on a version: v2 no longer returns some fields (V2_REMOVED_FIELDS), never invented. */
function onVersion(api: ApiVersion, value: string, served: unknown): unknown {
	if (api === 'v1' || served === null) return served;
	const segment = pathOf(value, 'v2').replace(/^\/v2\//, '').replace(/\/enrich$/, '');
	const removed = Object.hasOwn(V2_REMOVED_FIELDS, segment) ? V2_REMOVED_FIELDS[segment] : [];
	const without = (record: unknown) =>
		Object.fromEntries(Object.entries(record as IDataObject).filter(([key]) => !removed.includes(key)));
	return Array.isArray(served) ? served.map(without) : without(served);
}

describe.each(API_VERSIONS)('Enrich: all thirteen new business enrichments at once, API %s', (api) => {
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
});

describe.each(API_VERSIONS)('Enrich on API %s', (api) => {
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
			expect(item.contact_information).toEqual(api === 'v1' ? served : withoutEmails);
			expect(item.enrichment_status).toBe('enriched');
		});
		expect(output.some((item) => item.contact_information === null)).toBe(true);
		const contactsOut = output.find((item) => item.contact_information !== null)!.contact_information as IDataObject;
		// v2's professional_email reaches the output under v1's name
		expect(contactsOut.professions_email).toBe(prospects[output.findIndex((item) => item.contact_information !== null)].email);
		// said once per run, on v2 only
		expect(result.runData.Enrich[0].hints ?? []).toEqual(
			api === 'v1'
				? []
				: [{ message: 'API v2 no longer returns these fields, so they are missing from the output: Contact Information: emails.', location: 'outputPane' }],
		);
	});
});

describe('Enrich: typed parameters', () => {
	const ids = () => sandbox.universe.businesses.slice(0, 6).map((b) => b.business_id);

	test('parameters that differ per item (expressions) go in different requests, equal ones share', async () => {
		const [a, b, c, d, e, f] = ids();
		const rows = [
			{ business_id: a, kw: 'pricing', month: '2024-01' },
			{ business_id: b, kw: 'careers, blog', month: '2024-01' },
			{ business_id: c, kw: 'pricing', month: '2023-07' },
			{ business_id: d, kw: ['careers', 'blog'], month: '2024-01' },
			{ business_id: e, kw: 'pricing ,pricing', month: '2023-07' },
			{ business_id: f, kw: 'blog, careers', month: '2024-01' },
		];
		const result = await run(
			rows,
			enrichNode({
				resource: 'business',
				businessEnrichments: ['websiteKeywords', 'websiteTraffic'],
				websiteKeywords: '={{ $json.kw }}',
				websiteTrafficMonth: '={{ $json.month }}',
			}),
		);
		expect(result.error).toBeUndefined();
		expect(bodies(pathOf('websiteKeywords'))).toEqual([
			{ business_ids: [a, c, e], parameters: { keywords: ['pricing'] } },
			{ business_ids: [b, d], parameters: { keywords: ['careers', 'blog'] } },
			{ business_ids: [f], parameters: { keywords: ['blog', 'careers'] } },
		]);
		expect(bodies(pathOf('websiteTraffic'))).toEqual([
			{ business_ids: [a, b, d, f], parameters: { month_period: '2024-01' } },
			{ business_ids: [c, e], parameters: { month_period: '2023-07' } },
		]);
		const output = result.json('Enrich');
		expect(output[1].website_keywords).toEqual(expected('websiteKeywords', b, { keywords: ['careers', 'blog'] }));
		expect(output[2].website_traffic).toEqual(expected('websiteTraffic', c, { month_period: '2023-07' }));
	});

	test('defaults: an empty Traffic Month sends the previous month; intent sends min_score 60; no date sends no parameters', async () => {
		const [a] = ids();
		await run(
			[{ business_id: a }],
			enrichNode({ resource: 'business', businessEnrichments: ['websiteTraffic', 'businessIntent', 'financialIndicators'] }),
		);
		expect(bodies(pathOf('websiteTraffic'))).toEqual([{ business_ids: [a], parameters: { month_period: previousMonth(new Date()) } }]);
		expect(bodies(pathOf('businessIntent'))).toEqual([{ business_ids: [a], parameters: { min_score: 60 } }]);
		expect(bodies(pathOf('financialIndicators'))).toEqual([{ business_ids: [a] }]);
	});

	test('a date from an expression (a Luxon DateTime, or a plain date text) is sent as text', async () => {
		const [a, b] = ids();
		await run(
			[
				{ business_id: a, day: 'luxon' },
				{ business_id: b, day: '2023-06-30' },
			],
			enrichNode({
				resource: 'business',
				businessEnrichments: ['financialIndicators'],
				financialIndicatorsDate: '={{ $json.day === "luxon" ? DateTime.fromISO("2024-01-31T00:00:00.000Z", { zone: "utc" }) : $json.day }}',
			}),
		);
		expect(bodies(pathOf('financialIndicators'))).toEqual([
			{ business_ids: [a], parameters: { date: '2024-01-31T00:00:00.000Z' } },
			{ business_ids: [b], parameters: { date: '2023-06-30' } },
		]);
	});

	test('intent topics and minimum score filter what comes back', async () => {
		const business = sandbox.universe.businesses.find((b) => b.business_intent_topics.length >= 2)!;
		const topic = business.business_intent_topics[0];
		const result = await run(
			[{ business_id: business.business_id }],
			enrichNode({ resource: 'business', businessEnrichments: ['businessIntent'], intentTopics: topic.toLowerCase(), intentMinScore: 60 }),
		);
		expect(bodies(pathOf('businessIntent'))).toEqual([
			{ business_ids: [business.business_id], parameters: { topics: [topic.toLowerCase()], min_score: 60 } },
		]);
		const intent = result.json('Enrich')[0].business_intent as { intent_topics: IDataObject[] };
		expect(intent.intent_topics.map((t) => t.topic)).toEqual([topic]);
	});

	test('a Minimum Intent Score expression that gives nothing means the default, 60', async () => {
		const [a] = ids();
		await run(
			[{ business_id: a }],
			enrichNode({ resource: 'business', businessEnrichments: ['businessIntent'], intentMinScore: '={{ $json.score }}' }),
		);
		expect(bodies(pathOf('businessIntent'))).toEqual([{ business_ids: [a], parameters: { min_score: 60 } }]);
	});

	const invalid: Array<[string, INodeParameters, IDataObject, string]> = [
		[
			'keywords missing',
			{ businessEnrichments: ['websiteKeywords'], websiteKeywords: '={{ $json.kw }}' },
			{ kw: ' , ' },
			'Keywords is required for Website Keywords: give at least one keyword',
		],
		[
			'keywords not text',
			{ businessEnrichments: ['websiteKeywords'], websiteKeywords: '={{ $json.kw }}' },
			{ kw: { a: 1 } },
			'Keywords must be text or a list of texts, got an object',
		],
		[
			'traffic month before 2017',
			{ businessEnrichments: ['websiteTraffic'], websiteTrafficMonth: '={{ $json.month }}' },
			{ month: '2016-12' },
			'Traffic Month must be a month written as YYYY-MM, from 2017-01 on (such as 2024-05), got "2016-12"',
		],
		[
			'traffic month not a month',
			{ businessEnrichments: ['websiteTraffic'], websiteTrafficMonth: '={{ $json.month }}' },
			{ month: '2024-13' },
			'Traffic Month must be a month written as YYYY-MM, from 2017-01 on (such as 2024-05), got "2024-13"',
		],
		[
			'minimum score too low',
			{ businessEnrichments: ['businessIntent'], intentMinScore: '={{ $json.score }}' },
			{ score: 59 },
			'Minimum Intent Score must be a whole number from 60 to 100, got 59',
		],
		[
			'minimum score not whole',
			{ businessEnrichments: ['businessIntent'], intentMinScore: '={{ $json.score }}' },
			{ score: 70.5 },
			'Minimum Intent Score must be a whole number from 60 to 100, got 70.5',
		],
		[
			'date not a date',
			{ businessEnrichments: ['financialIndicators'], financialIndicatorsDate: '={{ $json.date }}' },
			{ date: 'last year' },
			'Financial Indicators Date must be a date such as 2024-12-31 or a date and time such as 2024-12-31T00:00:00Z, got "last year"',
		],
	];

	test.each(invalid)('%s: the run stops before any request, naming the item, the field and the rule', async (_, parameters, bad, message) => {
		const [a, b, c] = ids();
		const good = { kw: 'pricing', month: '2024-01', score: 70, date: '2024-12-31' };
		const result = await run(
			[{ business_id: a, ...good }, { business_id: b, ...good, ...bad }, { business_id: c, ...good }],
			enrichNode({
				resource: 'business',
				websiteKeywords: 'pricing',
				...parameters,
				businessEnrichments: ['firmographics', ...(parameters.businessEnrichments as string[])],
			}),
		);
		expect(sandbox.requests).toHaveLength(0);
		expect(result.error).toMatchObject({ itemIndex: 1, message: `Item 1: ${message}` });
	});

	test('Continue on Fail: the invalid item becomes its error item, the others are sent together', async () => {
		const [a, b, c] = ids();
		const result = await run(
			[{ business_id: a, month: '2024-02' }, { business_id: b, month: '2024/02' }, { business_id: c, month: '2024-02' }],
			enrichNode(
				{ resource: 'business', businessEnrichments: ['websiteTraffic'], websiteTrafficMonth: '={{ $json.month }}' },
				{ onError: 'continueRegularOutput' },
			),
		);
		expect(bodies(pathOf('websiteTraffic'))).toEqual([{ business_ids: [a, c], parameters: { month_period: '2024-02' } }]);
		const output = result.json('Enrich');
		expect(output[1]).toEqual({
			error: 'Item 1: Traffic Month must be a month written as YYYY-MM, from 2017-01 on (such as 2024-05), got "2024/02"',
			details: 'Nothing was sent to the service for this item.',
		});
		expect(output[0].website_traffic).toEqual(expected('websiteTraffic', a, { month_period: '2024-02' }));
		expect(output[2].website_traffic).toEqual(expected('websiteTraffic', c, { month_period: '2024-02' }));
		expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual([[0], [1], [2]]);
	});

	test('an item without an id is skipped: its parameters are not checked', async () => {
		const [a] = ids();
		const result = await run(
			[{ business_id: a, kw: 'pricing' }, { kw: '' }],
			enrichNode({ resource: 'business', businessEnrichments: ['websiteKeywords'], websiteKeywords: '={{ $json.kw }}' }),
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(1);
		expect(result.json('Enrich')[1]).toEqual({ kw: '', enrichment_status: 'skipped', enrichment_reason: 'no business ID' });
	});
});

describe('Enrich: one failed enrichment never loses the others', () => {
	const selection = ['firmographics', 'technographics', 'webstack'];
	const rows = () => sandbox.universe.businesses.slice(0, 10).map((b) => ({ business_id: b.business_id }));

	test('an endpoint that answers 5xx after every retry: its key carries the error, the other keys are filled', async () => {
		// one request per enrichment, in selection order: technographics fails on every attempt
		sandbox.configure({ faults: { sequence: ['ok', ...Array(RETRY_POLICY.maxAttempts).fill('503'), 'ok'] } });
		const result = await run(
			rows(),
			enrichNode({ resource: 'business', businessEnrichments: selection, options: { concurrency: 1 } }),
		);

		// no Continue on Fail: the run succeeds, the items say what failed
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => [request.path, request.status])).toEqual([
			[pathOf('firmographics'), 200],
			...Array(RETRY_POLICY.maxAttempts).fill([pathOf('technographics'), 503]),
			[pathOf('webstack'), 200],
		]);
		const output = result.json('Enrich');
		expect(output).toHaveLength(10);
		expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual(range(10).map((i) => [i]));
		output.forEach((item, i) => {
			const id = rows()[i].business_id;
			expect(item).toEqual({
				business_id: id,
				firmographics: expected('firmographics', id),
				technographics: { error: expect.stringContaining('(503)'), http_code: 503 },
				website_technologies: expected('webstack', id),
				enrichment_status: 'partial',
				enrichment_reason: 'Technologies Used failed; the other enrichments are filled (see its field for the error)',
			});
		});
	});

	test('an endpoint that answers 4xx: the same, at once (not retried), with or without Continue on Fail', async () => {
		for (const onError of ['stopWorkflow', 'continueRegularOutput'] as const) {
			sandbox.clearRequests();
			sandbox.configure({ faults: { sequence: ['ok', 'ok', '403'] } });
			const result = await run(rows(), enrichNode({ resource: 'business', businessEnrichments: selection }, { onError }));
			expect(result.error).toBeUndefined();
			expect(sandbox.requests.map((request) => request.status)).toEqual([200, 200, 403]);
			for (const item of result.json('Enrich')) {
				expect(item.website_technologies).toEqual({
					error: expect.stringContaining('(403)'),
					http_code: 403,
				});
				expect(item.firmographics).not.toBeNull();
				expect(item.technographics).not.toBeNull();
				expect(item.enrichment_status).toBe('partial');
				expect(item.enrichment_reason).toBe(
					'Website Technologies failed; the other enrichments are filled (see its field for the error)',
				);
			}
		}
	});

	test('one enrichment only: its failure is the item\'s failure (an error item under Continue on Fail)', async () => {
		sandbox.configure({ faults: { sequence: ['403'] } });
		const stopped = await run(rows(), enrichNode({ resource: 'business', businessEnrichments: ['webstack'] }));
		expect(stopped.error?.message).toContain('(403)');

		sandbox.configure({ faults: { sequence: ['403'] } });
		const continued = await run(
			rows(),
			enrichNode({ resource: 'business', businessEnrichments: ['webstack'] }, { onError: 'continueRegularOutput' }),
		);
		const output = continued.json('Enrich');
		expect(output).toHaveLength(10);
		for (const item of output) expect(String(item.error)).toContain('(403)');
		expect(pairedIndexes(continued.pairedItems('Enrich'))).toEqual(range(10).map((i) => [i]));
	});

	test('a refused API key stops at the first request: the other enrichments are not tried', async () => {
		const result = await runWorkflow(
			onItems(rows(), enrichNode({ resource: 'business', businessEnrichments: selection })),
			{ credentials: { businessProspectDataApi: { apiKey: 'wrong-key', baseUrl: sandbox.url } } },
		);
		expect(result.error?.message).toContain('(401)');
		expect(sandbox.requests).toHaveLength(1);
	});
});
