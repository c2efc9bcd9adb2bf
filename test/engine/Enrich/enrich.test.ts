/**
 * Every enrichment of Enrich through n8n-core's WorkflowExecute against the sandbox: all business
 * enrichments at once (exact requests per endpoint, pairing, content) and contact information on
 * API v2 (enrich.cases.ts; on v1: enrich.v1.test.ts), typed parameters (sent, grouped per value,
 * validated before any request), and one failed enrichment that never loses the others of the same
 * item. Enrich as a tool is in enrichTool.test.ts, a refused API key in refusedKey.test.ts; set-up
 * and helpers in setup.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { previousMonth } from '../../../nodes/Enrich/helpers/parameters';
import { RETRY_POLICY } from '../../../nodes/shared/transport/retryPolicy';
import { onItems, runWorkflow } from '../harness';
import { allBusinessEnrichmentsCases, bodies, enrichNode, pairedIndexes, prospectContactCases, range, run } from './enrich.cases';
import { expected, pathOf, sandbox, setUpSandbox } from './setup';

setUpSandbox();

describe('Enrich: all thirteen new business enrichments at once, API v2', () => allBusinessEnrichmentsCases('v2'));
describe('Enrich on API v2', () => prospectContactCases('v2'));

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
