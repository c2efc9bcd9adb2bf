/**
 * The sandbox's v2 async jobs over real HTTP (v2-migration-research.md §7): upload a dataset
 * (multipart), submit, status through queued, running and succeeded on the sandbox clock, the
 * CSV result whose rows are the sync `/enrich` answer's records, cancel, failure, and the
 * expiries of the dataset, the download link and the result file, with the service's errors.
 */
import { type EndpointName, ENDPOINTS, ENRICHMENT_RECORDS, jobOperationOf, recordSchema } from '../../nodes/shared/api';
import { readRecord } from '../../nodes/shared/jobs/cells';
import { parseCsv } from '../../nodes/shared/jobs/csv';
import { multipartBody } from '../../nodes/shared/transport/multipart';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';

const T0 = Date.parse('2025-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
const iso = (time: number) => new Date(time).toISOString();

let sandbox: Sandbox;
let clock = T0;
let v2: ReturnType<typeof sandboxClient<EndpointName>>;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => new Date(clock), rateLimit: false });
	v2 = sandboxClient(sandbox, ENDPOINTS);
});
afterAll(async () => await sandbox.close());
beforeEach(() => {
	clock = T0;
	sandbox.jobs.configure({ queuedMs: 1_000, runningMs: 2_000, failWith: undefined, cellEncoding: undefined });
});

type Body = Record<string, unknown>;

/** The answer without its response_context, which must say success. */
function withoutContext({ status, body }: { status: number; body: Body }) {
	const { response_context: context, ...rest } = body;
	expect((context as Body | undefined)?.request_status ?? 'none').toBe(status === 200 ? 'success' : 'none');
	return { status, body: rest };
}

async function upload(ids: string[], entityType: 'business' | 'prospect' = 'business', headerRow = `${entityType}_id`) {
	const file = [headerRow, ...ids].join('\r\n') + '\r\n';
	const multipart = multipartBody({ file, entity_type: entityType, name: 'Accounts', description: 'from a test' }, { file: 'ids.csv' });
	return await v2.raw<Body>('POST', '/v2/async/entity-id-datasets/upload', multipart.body, {
		headers: { API_KEY: sandbox.apiKey, 'Content-Type': multipart.contentType },
	});
}

const status = async (jobId: string) => withoutContext(await v2.call<Body>('jobStatus', undefined, { params: { job_id: jobId } }));
const cancel = async (jobId: string) => withoutContext(await v2.call<Body>('jobCancel', {}, { params: { job_id: jobId } }));

async function submit(enrichment: EndpointName, ids: string[], parameters?: Body) {
	const uploaded = await upload(ids, ENDPOINTS[enrichment].batch!.key === 'business_ids' ? 'business' : 'prospect');
	const listId = uploaded.body.list_id as string;
	const answer = withoutContext(
		await v2.call<Body>(jobOperationOf(enrichment) as EndpointName, { list_id: listId, ...(parameters && { parameters }) }),
	);
	return { listId, jobId: answer.body.job_id as string, answer };
}

/** The records of the sync `/enrich` of the same ids, 50 at a time: [id, record] in the answers' order. */
async function syncRecords(enrichment: EndpointName, ids: string[]) {
	const key = ENDPOINTS[enrichment].batch!.key;
	const idField = key === 'business_ids' ? 'business_id' : 'prospect_id';
	const records: Array<[string, unknown]> = [];
	for (let start = 0; start < ids.length; start += 50) {
		const { body } = await v2.call<{ data: Body[] }>(enrichment, { [key]: ids.slice(start, start + 50) });
		for (const row of body.data) for (const record of [row.data].flat()) records.push([row[idField] as string, record]);
	}
	return records;
}

/** The CSV's rows as [id, record], each cell read back by its field's type in the enrichment's record shape. */
function csvRecords(text: string, enrichment: EndpointName) {
	const [header, ...rows] = parseCsv(text);
	const shape = ENRICHMENT_RECORDS[enrichment];
	return {
		header,
		records: rows.map((row): [string, Body] => [row[0], readRecord(header.slice(1), row.slice(1), shape)]),
	};
}

const download = async (url: string) => {
	const response = await fetch(url);
	return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};

describe('dataset upload', () => {
	it('stores the ids of a multipart CSV and answers with its list_id, row count and expiry', async () => {
		const ids = sandbox.universe.businesses.slice(0, 3).map((business) => business.business_id);
		const uploaded = withoutContext(await upload(ids));
		expect(uploaded).toEqual({
			status: 200,
			body: {
				list_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
				rowCount: 3,
				entityType: 'business',
				name: 'Accounts',
				description: 'from a test',
				expiresAt: iso(T0 + 24 * HOUR),
			},
		});
		expect(sandbox.jobs.datasets.get(uploaded.body.list_id as string)?.ids).toEqual(ids);
		const request = sandbox.requests[sandbox.requests.length - 1];
		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=n8n-business-prospect-data-[0-9a-f]{24}$/);
	});

	it('refuses a JSON body, a file without the header row, too many ids, and a request without the API key', async () => {
		const json = await v2.call('uploadEntityIdDataset', {
			file: 'business_id\r\nx\r\n',
			entity_type: 'business',
			name: 'n',
			description: '',
		});
		expect([json.status, json.body]).toEqual([
			422,
			{ detail: [{ loc: ['body'], msg: 'Expected a multipart/form-data body', type: 'value_error.multipart' }] },
		]);
		const noHeader = await upload(['b'.repeat(32)], 'business', 'id');
		expect([noHeader.status, noHeader.body]).toEqual([
			422,
			{ detail: [{ loc: ['body', 'file'], msg: 'must start with the header row "business_id"', type: 'value_error' }] },
		]);
		const tooMany = await upload(Array.from({ length: 10_001 }, (_, i) => i.toString(16).padStart(32, '0')));
		expect([tooMany.status, tooMany.body]).toEqual([
			422,
			{ detail: [{ loc: ['body', 'file'], msg: 'must hold at most 10000 ids', type: 'value_error' }] },
		]);
		const multipart = multipartBody(
			{ file: 'business_id\r\nx\r\n', entity_type: 'business', name: 'n', description: '' },
			{ file: 'ids.csv' },
		);
		const anonymous = await v2.raw('POST', '/v2/async/entity-id-datasets/upload', multipart.body, {
			headers: { 'Content-Type': multipart.contentType },
		});
		expect([anonymous.status, anonymous.body.details]).toEqual([401, 'Invalid or missing API key']);
	});
});

describe('a job from submit to result', () => {
	it('goes queued, running, succeeded on the sandbox clock, and its CSV holds the sync /enrich records in order', async () => {
		const ids = [...sandbox.universe.businesses.slice(0, 120).map((business) => business.business_id), 'f'.repeat(32)];
		const { jobId, answer } = await submit('enrichBusinessFirmographics', ids);
		expect(answer).toEqual({
			status: 200,
			body: { job_id: jobId, status: 'queued', status_url: `${sandbox.url}/v2/jobs/status/${jobId}` },
		});
		const waiting = {
			credit_usage: { total_credits: 0, total_results: 0 },
			results: null,
			error: null,
			created_at: iso(T0),
			job_id: jobId,
		};
		expect(await status(jobId)).toEqual({ status: 200, body: { ...waiting, status: 'queued' } });
		clock = T0 + 1_000;
		expect(await status(jobId)).toEqual({ status: 200, body: { ...waiting, status: 'running' } });
		clock = T0 + 3_000;
		const done = await status(jobId);
		const results = done.body.results as Body;
		expect(done).toEqual({
			status: 200,
			body: {
				job_id: jobId,
				status: 'succeeded',
				created_at: iso(T0),
				credit_usage: { total_credits: 120, total_results: 120 },
				results: {
					format: 'csv',
					download_url: expect.stringMatching(new RegExp(`^${sandbox.url}/files/job-results/${jobId}\\.csv\\?token=[0-9a-f]{32}$`)),
					expires_at: iso(T0 + 3_000 + HOUR),
					file_expires_at: iso(T0 + 3_000 + 7 * 24 * HOUR),
				},
				error: null,
			},
		});
		const file = await download(results.download_url as string);
		expect([file.status, file.type]).toEqual([200, 'text/csv; charset=utf-8']);
		const { header, records } = csvRecords(file.text, 'enrichBusinessFirmographics');
		expect(header[0]).toBe('business_id');
		expect(records).toEqual(await syncRecords('enrichBusinessFirmographics', ids));
		expect(records).toHaveLength(120);
		// the download carried no API key: the link's token is the permission
		const fetched = sandbox.requests.find((request) => request.path === `/files/job-results/${jobId}.csv`);
		expect(fetched?.headers.api_key).toBeUndefined();
	});

	it("writes one row per record for enrichments with several records per id, the id column first even beside a record's own business_id", async () => {
		const ids = sandbox.universe.businesses.slice(0, 30).map((business) => business.business_id);
		const { jobId } = await submit('enrichBusinessLookalikes', ids);
		clock = T0 + 3_000;
		const done = await status(jobId);
		const { header, records } = csvRecords(
			(await download((done.body.results as Body).download_url as string)).text,
			'enrichBusinessLookalikes',
		);
		expect(header.filter((field) => field === 'business_id')).toHaveLength(2);
		expect(records).toEqual(await syncRecords('enrichBusinessLookalikes', ids));
		expect(records.length).toBeGreaterThan(ids.length);
		expect(done.body.credit_usage).toEqual({ total_credits: 30, total_results: records.length });
	});

	it('writes ordinary CSV text by default: digits of a text field unquoted, null as an empty cell', async () => {
		const business = sandbox.universe.businesses.find((candidate) => !candidate.public_company)!;
		const { jobId } = await submit('enrichBusinessFirmographics', [business.business_id]);
		clock = T0 + 3_000;
		const text = (await download(((await status(jobId)).body.results as Body).download_url as string)).text;
		const [header, row] = parseCsv(text);
		expect([row[header.indexOf('naics')], row[header.indexOf('ticker')]]).toEqual([business.naics, '']);
		expect(business.naics).toMatch(/^\d+$/);
	});

	describe.each(['text', 'typedJson'] as const)("every enrichment's result file in the %s encoding", (cellEncoding) => {
		const PARAMETERS: Partial<Record<EndpointName, Body>> = {
			enrichBusinessWebsiteKeywords: { keywords: ['cloud', 'pricing'] },
			enrichBusinessWebsiteTraffic: { month_period: '2025-04' },
		};
		const enrichments = Object.keys(ENRICHMENT_RECORDS) as EndpointName[];

		it.each(enrichments)('%s: reads back, by its record shape, as the sync /enrich records', async (enrichment) => {
			sandbox.jobs.configure({ cellEncoding });
			const prospects = ENDPOINTS[enrichment].batch!.key === 'prospect_ids';
			const ids = (prospects ? sandbox.universe.prospects : sandbox.universe.businesses)
				.slice(0, 60)
				.map((entity) => (prospects ? (entity as { prospect_id: string }).prospect_id : (entity as { business_id: string }).business_id));
			const { jobId } = await submit(enrichment, ids, PARAMETERS[enrichment]);
			clock = T0 + 3_000;
			const text = (await download(((await status(jobId)).body.results as Body).download_url as string)).text;
			const key = ENDPOINTS[enrichment].batch!.key;
			const sync: Array<[string, unknown]> = [];
			for (let start = 0; start < ids.length; start += 50) {
				const { body } = await v2.call<{ data: Body[] }>(enrichment, {
					[key]: ids.slice(start, start + 50),
					...(PARAMETERS[enrichment] && { parameters: PARAMETERS[enrichment] }),
				});
				for (const row of body.data)
					for (const record of [row.data].flat())
						sync.push([row[key === 'business_ids' ? 'business_id' : 'prospect_id'] as string, record]);
			}
			expect(sync.length).toBeGreaterThan(0);
			// the sandbox answers by the shape the nodes read with: every field, of its type, nothing else
			const schema = recordSchema(ENRICHMENT_RECORDS[enrichment]);
			for (const [, record] of sync) expect([enrichment, schema.safeParse(record).success]).toEqual([enrichment, true]);
			expect(csvRecords(text, enrichment).records).toEqual(sync);
		});
	});

	it('keeps the parameters an enrichment requires', async () => {
		const ids = sandbox.universe.businesses.slice(0, 5).map((business) => business.business_id);
		const uploaded = await upload(ids);
		const missing = await v2.call('enrichBusinessWebsiteTrafficJob', { list_id: uploaded.body.list_id });
		expect([missing.status, missing.body]).toEqual([
			422,
			{ detail: [{ loc: ['body', 'parameters'], msg: 'field required', type: 'value_error.missing' }] },
		]);
		const { jobId } = await submit('enrichBusinessWebsiteTraffic', ids, { month_period: '2025-04' });
		expect((await status(jobId)).body.status).toBe('queued');
	});
});

describe('job errors', () => {
	it('answers 404 for an unknown job and an unknown or expired dataset, 422 for a dataset of the other kind', async () => {
		expect(await status('nope')).toEqual({ status: 404, body: { details: 'Job nope not found', correlation_id: expect.any(String) } });
		expect(await cancel('nope')).toEqual({ status: 404, body: { details: 'Job nope not found', correlation_id: expect.any(String) } });
		const unknown = await v2.call('enrichBusinessFirmographicsJob', { list_id: 'no-such-list' });
		expect([unknown.status, unknown.body.details]).toEqual([404, 'Dataset no-such-list not found']);
		const prospects = await upload(
			sandbox.universe.prospects.slice(0, 2).map((prospect) => prospect.prospect_id),
			'prospect',
		);
		const wrongKind = await v2.call('enrichBusinessFirmographicsJob', { list_id: prospects.body.list_id });
		expect([wrongKind.status, wrongKind.body]).toEqual([
			422,
			{
				detail: [
					{ loc: ['body', 'list_id'], msg: 'the dataset holds prospect ids; this enrichment takes business ids', type: 'value_error' },
				],
			},
		]);
		clock = T0 + 24 * HOUR;
		const stale = await v2.call('enrichProspectProfilesJob', { list_id: prospects.body.list_id });
		expect([stale.status, stale.body.details]).toEqual([
			404,
			`Dataset ${prospects.body.list_id as string} expired at ${iso(T0 + 24 * HOUR)}: upload the ids again`,
		]);
	});

	it('cancels a queued or running job (no credits, no result), again without harm, and refuses to cancel a finished one', async () => {
		const ids = sandbox.universe.businesses.slice(0, 4).map((business) => business.business_id);
		const first = await submit('enrichBusinessFirmographics', ids);
		clock = T0 + 1_500;
		expect(await cancel(first.jobId)).toEqual({ status: 200, body: { job_id: first.jobId, status: 'cancelled' } });
		expect(await cancel(first.jobId)).toEqual({ status: 200, body: { job_id: first.jobId, status: 'cancelled' } });
		clock = T0 + 10_000;
		expect((await status(first.jobId)).body).toEqual({
			job_id: first.jobId,
			status: 'cancelled',
			created_at: iso(T0),
			credit_usage: { total_credits: 0, total_results: 0 },
			results: null,
			error: null,
		});
		const second = await submit('enrichBusinessFirmographics', ids);
		clock = T0 + 13_000;
		expect(await cancel(second.jobId)).toEqual({
			status: 409,
			body: { details: `Job ${second.jobId} has succeeded and cannot be cancelled`, correlation_id: expect.any(String) },
		});
	});

	it("fails a job with the service's error and bills nothing", async () => {
		sandbox.jobs.configure({ failWith: 'The enrichment backend is unavailable' });
		const { jobId } = await submit('enrichBusinessFirmographics', [sandbox.universe.businesses[0].business_id]);
		clock = T0 + 3_000;
		expect((await status(jobId)).body).toEqual({
			job_id: jobId,
			status: 'failed',
			created_at: iso(T0),
			credit_usage: { total_credits: 0, total_results: 0 },
			results: null,
			error: { message: 'The enrichment backend is unavailable' },
		});
	});

	it('expires a download link after an hour (a new status gives a new one) and the result file after 7 days', async () => {
		const { jobId } = await submit('enrichBusinessFirmographics', [sandbox.universe.businesses[0].business_id]);
		clock = T0 + 3_000;
		const firstLink = ((await status(jobId)).body.results as Body).download_url as string;
		clock = T0 + 3_000 + HOUR;
		const stale = await download(firstLink);
		expect([stale.status, JSON.parse(stale.text).details]).toEqual([
			403,
			`The download link expired at ${iso(T0 + 3_000 + HOUR)}: get the job's status again for a new link`,
		]);
		const secondLink = ((await status(jobId)).body.results as Body).download_url as string;
		expect(secondLink).not.toBe(firstLink);
		expect((await download(firstLink)).status).toBe(403);
		expect((await download(secondLink)).status).toBe(200);
		clock = T0 + 3_000 + 7 * 24 * HOUR;
		expect((await status(jobId)).body).toEqual({
			job_id: jobId,
			status: 'expired',
			created_at: iso(T0),
			credit_usage: { total_credits: 1, total_results: 1 },
			results: null,
			error: null,
		});
		const gone = await download(secondLink);
		expect([gone.status, JSON.parse(gone.text).details]).toEqual([
			404,
			`The result file of job ${jobId} was deleted at ${iso(T0 + 3_000 + 7 * 24 * HOUR)}`,
		]);
	});
});
