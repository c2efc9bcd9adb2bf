/**
 * Enrich 2's async job path through n8n-core's WorkflowExecute against the sandbox: the threshold
 * below and above the distinct ids (the same items, the exact requests of each path), 10,000 ids as
 * one job against 200 /enrich requests, bad ids and Continue on Fail, failed and expired jobs, the
 * hints (credits, progress), Enrich 1 keeping the sync path, and the API key kept off the result
 * link. On a credential set to v1: asyncJobs.v1.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { JOB_DEFAULTS } from '../../../nodes/shared/jobs';
import { LIMITS } from '../../../nodes/shared/api';
import { onItems, packageNode, runWorkflow, sandboxCredentials, type WorkflowNode } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';
import { expected, pathOf, sandbox, setUpSandbox } from './setup';

setUpSandbox();

const V2 = typeVersionFor('enrich', 'v2');
const UPLOAD = 'POST /v2/async/entity-id-datasets/upload';
const STATUS = 'GET /v2/jobs/status/';
const FILES = 'GET /files/job-results/';
// the client's own budget of 200 a minute would make the 200 requests of the sync path a minute long
const UNLIMITED = { maxRequestsPerMinute: 1_000_000 };

beforeAll(() => {
	// polls in milliseconds: the sandbox's jobs are done at their first poll unless a test says otherwise
	Object.assign(JOB_DEFAULTS as { firstPollMs: number; maxPollMs: number }, { firstPollMs: 10, maxPollMs: 40 });
});
beforeEach(() => sandbox.jobs.configure({ queuedMs: 0, runningMs: 0, fileTtlMs: undefined, failWith: undefined, cellEncoding: undefined }));

const lines = () => sandbox.requests.map((request) => `${request.method} ${request.path}`);
const jobIdOf = (line: string) => /\/status\/([^/]+)$/.exec(line)?.[1] ?? '';
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const pairedIndexes = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((p) => p.item));
const businessIds = (count: number) => sandbox.universe.businesses.slice(0, count).map((b) => b.business_id);
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

/** 120 items, 110 distinct ids (the first ten asked twice). */
function rows() {
	const ids = businessIds(110);
	return [...ids, ...ids.slice(0, 10)].map((business_id, row) => ({ business_id, row }));
}

describe('Enrich 2: the Async Job Threshold chooses the path, the items are the same', () => {
	test('110 distinct ids: threshold 111 sends /enrich requests, threshold 110 one job per enrichment; equal items', async () => {
		const selection = { businessEnrichments: ['firmographics', 'lookalikes'] };
		const sync = await run(rows(), enrichNode({ ...selection, options: { jobThreshold: 111 } }));
		expect(sync.error).toBeUndefined();
		expect(lines()).toEqual([
			...Array(3).fill(`POST ${pathOf('firmographics', 'v2')}`),
			...Array(3).fill(`POST ${pathOf('lookalikes', 'v2')}`),
		]);
		expect(sync.hints).toEqual([]);
		expect(sync.messages).toEqual([]);

		sandbox.clearRequests();
		const job = await run(rows(), enrichNode({ ...selection, options: { jobThreshold: 110 } }));
		expect(job.error).toBeUndefined();
		const [firmographicsJob, lookalikesJob] = lines().filter((line) => line.startsWith(STATUS)).map(jobIdOf);
		expect(lines()).toEqual([
			UPLOAD,
			'POST /v2/businesses/firmographics/job',
			`${STATUS}${firmographicsJob}`,
			`${FILES}${firmographicsJob}.csv`,
			UPLOAD,
			'POST /v2/businesses/lookalikes/job',
			`${STATUS}${lookalikesJob}`,
			`${FILES}${lookalikesJob}.csv`,
		]);
		expect(sandbox.requests.every((request) => request.status === 200)).toBe(true);

		expect(job.json('Enrich')).toEqual(sync.json('Enrich'));
		expect(job.json('Enrich')).toHaveLength(120);
		expect(pairedIndexes(job.pairedItems('Enrich'))).toEqual(range(120).map((i) => [i]));
		job.json('Enrich').forEach((item, i) => {
			expect(item.row).toBe(i);
			expect(item.firmographics).toEqual(expected('firmographics', rows()[i].business_id));
		});
		// credits [I]: one per id with data, in one hint for the run, never on the items
		const withFirmographics = new Set(rows().filter((row) => expected('firmographics', row.business_id) !== null).map((row) => row.business_id)).size;
		const lookalikeIds = new Set(rows().filter((row) => (expected('lookalikes', row.business_id) as unknown[]).length > 0).map((row) => row.business_id)).size;
		const lookalikeRows = businessIds(110).reduce((sum, id) => sum + (expected('lookalikes', id) as unknown[]).length, 0);
		expect(job.hints).toEqual([
			{
				message: `Async jobs ${firmographicsJob}, ${lookalikesJob}: ${withFirmographics + lookalikeIds} credits, ${withFirmographics + lookalikeRows} results`,
				location: 'outputPane',
			},
		]);
		// progress in the browser console of a manual run, one message per poll
		expect(job.messages).toEqual([`Enrichment job ${firmographicsJob} (Company Profile): succeeded (1 poll)`, `Enrichment job ${lookalikesJob} (Similar Companies): succeeded (1 poll)`]);
	});

	test('the default threshold is 1,000 distinct ids: 1,000 are one job, 999 are 20 /enrich requests; equal items', async () => {
		const items = manyIds(1_000).map((business_id) => ({ business_id }));
		const job = await run(items, enrichNode({ businessEnrichments: ['firmographics'] }));
		expect(job.error).toBeUndefined();
		const jobId = jobIdOf(lines()[2]);
		expect(lines()).toEqual([UPLOAD, 'POST /v2/businesses/firmographics/job', `${STATUS}${jobId}`, `${FILES}${jobId}.csv`]);

		sandbox.clearRequests();
		const sync = await run(items.slice(1), enrichNode({ businessEnrichments: ['firmographics'] }));
		expect(lines()).toEqual(Array(Math.ceil(999 / LIMITS.businessEnrichIds)).fill(`POST ${pathOf('firmographics', 'v2')}`));
		expect(sync.json('Enrich')).toEqual(job.json('Enrich').slice(1));
	});

	test('a job polled several times: one progress message per poll, in order', async () => {
		sandbox.jobs.configure({ runningMs: 600 });
		const job = await run(businessIds(5).map((business_id) => ({ business_id })), enrichNode({ businessEnrichments: ['firmographics'], options: { jobThreshold: 5 } }));
		expect(job.error).toBeUndefined();
		const polls = lines().filter((line) => line.startsWith(STATUS));
		expect(polls.length).toBeGreaterThan(1);
		expect(lines()).toEqual([UPLOAD, 'POST /v2/businesses/firmographics/job', ...polls, `${FILES}${jobIdOf(polls[0])}.csv`]);
		const jobId = jobIdOf(polls[0]);
		expect(job.messages).toEqual(
			polls.map((_, i) => `Enrichment job ${jobId} (Company Profile): ${i === polls.length - 1 ? 'succeeded' : 'running'} (${i + 1} poll${i === 0 ? '' : 's'})`),
		);
	});

	test('10,000 ids: one job (upload, submit, poll, download) against 200 /enrich requests, equal items', async () => {
		const items = manyIds(10_000).map((business_id) => ({ business_id }));
		const job = await run(items, enrichNode({ businessEnrichments: ['firmographics'] }));
		expect(job.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(4);
		expect(lines()[0]).toBe(UPLOAD);

		sandbox.clearRequests();
		const sync = await run(items, enrichNode({ businessEnrichments: ['firmographics'], options: { jobThreshold: 10_001 } }));
		expect(sandbox.requests).toHaveLength(200);
		expect(sandbox.requests.every((request) => (request.body as { business_ids: string[] }).business_ids.length === 50)).toBe(true);
		expect(job.json('Enrich')).toEqual(sync.json('Enrich'));
		expect(job.json('Enrich')).toHaveLength(10_000);
	}, 120_000);
});

describe('Enrich 2: job results typed as /enrich types them, whatever the result file\'s cell encoding', () => {
	// the fields the independent v2 run saw change type: text of digits (naics, sic_code), null (ticker); a nested
	// object (location); and the empty text of a field never null (description, profnet_profile: '', not null).
	// Every enrichment and every type in both encodings: test/unit/sandbox.v2jobs.test.ts
	/** The job path's items equal the sync path's under both encodings, keys and their order included. */
	async function expectEqualItems(items: IDataObject[], businessEnrichments: string[], sync: Awaited<ReturnType<typeof run>>, jobRequests: number) {
		// toEqual does not tell a key holding undefined from a missing one: compared as JSON text as well
		const texts = (result: typeof sync) => result.json('Enrich').map((item) => JSON.stringify(item));
		for (const cellEncoding of ['text', 'typedJson'] as const) {
			sandbox.clearRequests();
			sandbox.jobs.configure({ cellEncoding });
			const job = await run(items, enrichNode({ businessEnrichments, options: { jobThreshold: 1 } }));
			expect([cellEncoding, job.error]).toEqual([cellEncoding, undefined]);
			expect([cellEncoding, sandbox.requests.length]).toEqual([cellEncoding, jobRequests]);
			expect([cellEncoding, job.json('Enrich')]).toEqual([cellEncoding, sync.json('Enrich')]);
			expect([cellEncoding, texts(job)]).toEqual([cellEncoding, texts(sync)]);
		}
	}
	const records = (result: Awaited<ReturnType<typeof run>>, key: string) =>
		result.json('Enrich').map((item) => item[key] as IDataObject | null).filter((data) => data !== null);

	test('10,000 ids through the job path equal the /enrich path item for item, in ordinary CSV text and in typed JSON cells', async () => {
		const items = manyIds(10_000).map((business_id) => ({ business_id }));
		const sync = await run(items, enrichNode({ businessEnrichments: ['firmographics'], options: { jobThreshold: 10_001 } }));
		expect(sync.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(200);
		const firmographics = records(sync, 'firmographics');
		expect(firmographics.some((data) => data.ticker === null)).toBe(true);
		expect(firmographics.every((data) => typeof data.naics === 'string' && typeof data.sic_code === 'string')).toBe(true);
		expect(firmographics.some((data) => data.description === '')).toBe(true);
		expect(firmographics.some((data) => data.profnet_profile === '')).toBe(true);
		await expectEqualItems(items, ['firmographics'], sync, 4);
	}, 180_000);

	test('a field some records lack stays left out, not null, in both encodings (webstack\'s yearly spend)', async () => {
		const items = businessIds(200).map((business_id) => ({ business_id }));
		const sync = await run(items, enrichNode({ businessEnrichments: ['webstack'], options: { jobThreshold: 201 } }));
		expect(sync.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(4);
		// in the items by its v1 name (money_spent_on_website_technologies in v2's answer)
		const webstack = records(sync, 'website_technologies');
		expect(webstack.some((data) => typeof data.money_spend_on_website_technologies === 'number')).toBe(true);
		expect(webstack.some((data) => !Object.hasOwn(data, 'money_spend_on_website_technologies'))).toBe(true);
		await expectEqualItems(items, ['webstack'], sync, 4);
	});
});

describe('Enrich 2 on the job path: bad input, failed jobs, the key', () => {
	const ids = () => businessIds(5);
	const withBadId = () => {
		const [a, b, c, d] = ids();
		return [{ business_id: a }, { business_id: 'not-an-id' }, { business_id: b }, {}, { business_id: c }, { business_id: d }];
	};
	const jobNode = (settings: Partial<WorkflowNode> = {}) =>
		enrichNode({ businessEnrichments: ['firmographics'], options: { jobThreshold: 1 } }, settings);

	test('a bad id stops the run before any request, naming the item', async () => {
		const result = await run(withBadId(), jobNode());
		expect(sandbox.requests).toHaveLength(0);
		expect(result.error).toMatchObject({ itemIndex: 1 });
		expect(result.error?.message).toMatch(/^Item 1: business_id "not-an-id" is not a business ID/);
	});

	test('Continue on Fail: the bad id is its paired error item, the item without an id is skipped, the rest go in one job', async () => {
		const result = await run(withBadId(), jobNode({ onError: 'continueRegularOutput' }));
		expect(result.error).toBeUndefined();
		expect(lines().filter((line) => !line.startsWith(STATUS) && !line.startsWith(FILES))).toEqual([UPLOAD, 'POST /v2/businesses/firmographics/job']);
		const file = /filename="ids\.csv"\r\nContent-Type: text\/csv\r\n\r\n([\s\S]*?)\r\n--/.exec(sandbox.requests[0].body as string)?.[1];
		expect(file).toBe(['business_id', ...ids().slice(0, 4)].join('\r\n') + '\r\n');
		const output = result.json('Enrich');
		expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual(range(6).map((i) => [i]));
		expect(output[1]).toEqual({ error: expect.stringMatching(/^Item 1: business_id "not-an-id" is not a business ID/), details: 'Nothing was sent to the service for this item.' });
		expect(output[3]).toEqual({ enrichment_status: 'skipped', enrichment_reason: 'no business ID' });
		for (const [index, id] of [[0, ids()[0]], [2, ids()[1]], [4, ids()[2]], [5, ids()[3]]] as const) {
			expect(output[index].firmographics).toEqual(expected('firmographics', id));
		}
	});

	test('a failed job: the run fails with the service\'s reason; under Continue on Fail every item is its paired error', async () => {
		sandbox.jobs.configure({ failWith: 'The dataset could not be processed' });
		const stopped = await run(withBadId().filter((_, i) => i !== 1), jobNode());
		const jobId = jobIdOf(lines()[2]);
		expect(lines()).toEqual([UPLOAD, 'POST /v2/businesses/firmographics/job', `${STATUS}${jobId}`]);
		expect(stopped.error?.message).toBe(`The enrichment job ${jobId} (Company Profile, 4 ids) failed: The dataset could not be processed`);
		expect(stopped.error?.description).toBe('Run the node again to submit a new job. If it fails again, give the service\'s support the job id.');

		sandbox.clearRequests();
		const continued = await run(withBadId(), jobNode({ onError: 'continueRegularOutput' }));
		const output = continued.json('Enrich');
		expect(pairedIndexes(continued.pairedItems('Enrich'))).toEqual(range(6).map((i) => [i]));
		expect(output[3]).toEqual({ enrichment_status: 'skipped', enrichment_reason: 'no business ID' });
		for (const index of [0, 2, 4, 5]) {
			expect(output[index].error).toBe(`The enrichment job ${jobIdOf(lines()[2])} (Company Profile, 4 ids) failed: The dataset could not be processed`);
		}
		// the job's id is said with what it used: nothing, as it failed [I]
		expect(continued.hints).toEqual([{ message: `Async job ${jobIdOf(lines()[2])}: 0 credits, 0 results`, location: 'outputPane' }]);
	});

	test('a job whose results expired before the download: the run says so', async () => {
		sandbox.jobs.configure({ fileTtlMs: 0 });
		const result = await run(ids().map((business_id) => ({ business_id })), jobNode());
		const jobId = jobIdOf(lines()[2]);
		expect(lines()).toEqual([UPLOAD, 'POST /v2/businesses/firmographics/job', `${STATUS}${jobId}`]);
		expect(result.error?.message).toBe(`The enrichment job ${jobId} (Company Profile, 5 ids) expired before its results were downloaded`);
	});

	test('one failed job fails only its own enrichment\'s key: the items of the other are filled', async () => {
		const result = await run(
			ids().map((business_id) => ({ business_id })),
			enrichNode({ businessEnrichments: ['firmographics', 'webstack'], options: { jobThreshold: 1 } }),
		);
		expect(result.error).toBeUndefined();
		// the same run with the second job failing
		sandbox.clearRequests();
		let submits = 0;
		const failing = await runWorkflow(
			onItems(ids().map((business_id) => ({ business_id })), enrichNode({ businessEnrichments: ['firmographics', 'webstack'], options: { jobThreshold: 1 } })),
			{
				credentials: sandboxCredentials(sandbox, UNLIMITED),
				sendDataToUI: () => {
					// the first job has been polled: jobs submitted from now on fail
					if (++submits === 1) sandbox.jobs.configure({ failWith: 'Out of capacity' });
				},
			},
		);
		expect(failing.error).toBeUndefined();
		failing.json('Enrich').forEach((item, i) => {
			expect(item.firmographics).toEqual(result.json('Enrich')[i].firmographics);
			expect(item.website_technologies).toEqual({ error: expect.stringMatching(/^The enrichment job \S+ \(Website Technologies, 5 ids\) failed: Out of capacity$/), http_code: null });
			expect(item.enrichment_status).toBe('partial');
		});
	});

	test('the API key goes to the API only: not to the result link, not in the items or hints', async () => {
		const result = await run(ids().map((business_id) => ({ business_id })), jobNode());
		expect(result.error).toBeUndefined();
		const download = sandbox.requests.find((request) => request.path.startsWith('/files/'))!;
		expect(download.status).toBe(200);
		expect(JSON.stringify(download.headers)).not.toContain(sandbox.apiKey);
		expect(sandbox.requests.filter((request) => request.path.startsWith('/v2/')).every((request) => request.headers.api_key === sandbox.apiKey)).toBe(true);
		expect(JSON.stringify([result.json('Enrich'), result.hints, result.messages])).not.toContain(sandbox.apiKey);
	});
});

describe('Enrich and the API version: jobs only on API v2 at Enrich 2', () => {
	const items = () => manyIds(1_000).map((business_id) => ({ business_id }));

	test('Enrich 1 on a credential set to v2 keeps the sync path (it has no job options), without a hint', async () => {
		const result = await run(items(), enrichNode({ businessEnrichments: ['firmographics'] }, { typeVersion: V2 - 1 }), { apiVersion: 'v2' });
		expect(result.error).toBeUndefined();
		expect(lines()).toEqual(Array(20).fill(`POST ${pathOf('firmographics', 'v2')}`));
		expect(result.hints).toEqual([]);
	});

	test.each([
		[{ jobThreshold: 0 }, 'Item 0: Async Job Threshold must be a whole number from 1 on, got 0'],
		[{ jobThreshold: 2.5 }, 'Item 0: Async Job Threshold must be a whole number from 1 on, got 2.5'],
		[{ jobTimeLimit: 1_441 }, 'Item 0: Job Time Limit (Minutes) must be a whole number from 1 to 1440, got 1441'],
	])('options %j from an expression: refused before any request', async (options, message) => {
		const expression = Object.fromEntries(Object.entries(options).map(([key, value]) => [key, `={{ ${value} }}`]));
		const result = await run(businessIds(3).map((business_id) => ({ business_id })), enrichNode({ businessEnrichments: ['firmographics'], options: expression }));
		expect(sandbox.requests).toHaveLength(0);
		expect(result.error?.message).toBe(message);
	});
});
