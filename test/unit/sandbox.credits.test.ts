/**
 * Credits: the aggregation schema of both versions (modes, resolutions and the span each covers,
 * the time zone, v2's strictness) and the sandbox's credit ledger over real HTTP: the balance on
 * v1 and v2, one credit per enriched id (v1 bulk_enrich, v2 enrich, v2 jobs at submission and
 * back on cancel), 403 when the credits run short, and the aggregation by day, hour and endpoint.
 */
import { creditsAggregationBody, type EndpointName, ENDPOINTS, jobOperationOf } from '../../nodes/shared/api';
import { multipartBody } from '../../nodes/shared/transport/multipart';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { type Body, checksTheAggregationRequest } from './sandbox.credits.cases';

describe('the aggregation request, both versions', () => {
	test.each([['v2', creditsAggregationBody]] as const)(
		'%s: a resolution for a timely period, the span each resolution covers, a known time zone',
		(_version, schema) => checksTheAggregationRequest(schema),
	);
});

describe('the sandbox ledger', () => {
	const T0 = new Date('2026-12-02T10:30:00Z');
	let sandbox: Sandbox;
	let v2: ReturnType<typeof sandboxClient<EndpointName>>;
	beforeAll(async () => {
		sandbox = await startSandbox({ now: () => T0, rateLimit: false, credits: { allocated: 10 } });
		v2 = sandboxClient(sandbox, ENDPOINTS);
	});
	afterAll(async () => await sandbox.close());
	beforeEach(() => sandbox.configure({ credits: { allocated: 10 } }));

	const businesses = (count: number) => sandbox.universe.businesses.slice(0, count).map((business) => business.business_id);
	const NOBODY = 'f'.repeat(32);
	const remaining = async (client: typeof v2) => ((await client.call<Body>('credits')).body as Body).remaining_credits;

	describe('v2 jobs', () => {
		async function submitJob(ids: string[]) {
			const multipart = multipartBody(
				{ file: ['business_id', ...ids].join('\r\n'), entity_type: 'business', name: 'Accounts', description: 'credits' },
				{ file: 'ids.csv' },
			);
			const uploaded = await v2.raw<Body>('POST', '/v2/async/entity-id-datasets/upload', multipart.body, {
				headers: { API_KEY: sandbox.apiKey, 'Content-Type': multipart.contentType },
			});
			return await v2.call<Body>(jobOperationOf('enrichBusinessFirmographics') as EndpointName, { list_id: uploaded.body.list_id });
		}

		test('a job debits its enriched ids at submission and gives them back when cancelled', async () => {
			sandbox.jobs.configure({ queuedMs: 1_000, failWith: undefined });
			const job = await submitJob([...businesses(4), NOBODY]);
			expect(job.status).toBe(200);
			expect(await remaining(v2)).toBe(6);
			await v2.call('jobCancel', {}, { params: { job_id: job.body.job_id as string } });
			expect(await remaining(v2)).toBe(10);
		});

		test('a job that will fail debits nothing; one needing more than remains is refused with 403', async () => {
			sandbox.jobs.configure({ failWith: 'Upstream failure' });
			expect((await submitJob(businesses(4))).status).toBe(200);
			expect(await remaining(v2)).toBe(10);
			sandbox.jobs.configure({ failWith: undefined });
			const refused = await submitJob(businesses(11));
			expect([refused.status, (refused.body as Body).details]).toEqual([403, 'Insufficient credits: this request needs 11 and 10 remain']);
			expect(await remaining(v2)).toBe(10);
		});
	});
});
