/**
 * The v2 async job flow in the catalog (v2-migration-research.md §7, §14): one `/job` per sync
 * enrichment, built from it; the upload, status and cancel routes; strict bodies.
 */
import { type EndpointName, ENDPOINTS, FINAL_JOB_STATES, isJobOperation, JOB_STATES, jobOperationOf, LIMITS } from '../../nodes/shared/api';
import { SAMPLE_LIST_ID } from './support/v2JobBodies';

type Issues = { success: boolean; error?: { issues: Array<{ code: string; path: unknown[]; message: string; keys?: string[] }> } };
const issues = (result: Issues) =>
	result.success ? [] : result.error!.issues.map(({ code, path, message, keys }) => ({ code, path, message, ...(keys && { keys }) }));

const JOBS = (Object.keys(ENDPOINTS) as EndpointName[]).filter(isJobOperation);

describe('the v2 job flow in the catalog', () => {
	it('has upload, status and cancel, and a /job for each of the 20 sync enrichments, beside its /enrich', () => {
		const control = JOBS.filter((name) => !name.endsWith('Job')).map((name) => [name, ENDPOINTS[name].method, ENDPOINTS[name].path]);
		expect(control).toEqual([
			['uploadEntityIdDataset', 'POST', '/v2/async/entity-id-datasets/upload'],
			['jobStatus', 'GET', '/v2/jobs/status/{job_id}'],
			['jobCancel', 'POST', '/v2/jobs/cancel/{job_id}'],
		]);
		const enrich = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => ENDPOINTS[name].path.endsWith('/enrich'));
		expect(enrich).toHaveLength(20);
		const jobs = JOBS.filter((name) => name.endsWith('Job'));
		expect(jobs).toEqual(enrich.map((name) => jobOperationOf(name)));
		for (const name of enrich) {
			const job = ENDPOINTS[jobOperationOf(name) as EndpointName];
			expect([job.method, job.path, job.batch, job.result]).toEqual(['POST', ENDPOINTS[name].path.replace(/\/enrich$/, '/job'), undefined, undefined]);
		}
		expect(ENDPOINTS.enrichProspectContactsJob.path).toBe('/v2/prospects/contact_information/job');
	});

	it('never retries a submit that may have arrived (a second job would run and bill); upload, status and cancel may be', () => {
		expect(JOBS.filter((name) => !ENDPOINTS[name].idempotent)).toEqual(JOBS.filter((name) => name.endsWith('Job')));
		expect(JOBS.filter((name) => ENDPOINTS[name].multipart)).toEqual(['uploadEntityIdDataset']);
	});

	it('knows the six job states, four of them final, and the documented limits', () => {
		expect(JOB_STATES).toEqual(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired']);
		expect([...FINAL_JOB_STATES]).toEqual(['succeeded', 'failed', 'cancelled', 'expired']);
		expect([LIMITS.jobRecords, LIMITS.jobMaxRunMs, LIMITS.jobLinkTtlMs, LIMITS.jobFileTtlMs]).toEqual([
			10_000,
			24 * 3_600_000,
			3_600_000,
			7 * 24 * 3_600_000,
		]);
	});
});

describe('the v2 job bodies', () => {
	const submit = ENDPOINTS.enrichBusinessFirmographicsJob.body;

	it('take a list_id, never inline ids, and the e-mail notifications', () => {
		expect(issues(submit.safeParse({ list_id: SAMPLE_LIST_ID }))).toEqual([]);
		expect(issues(submit.safeParse({ list_id: SAMPLE_LIST_ID, notifications: { email: { enabled: true, on: ['success', 'failure'] } } }))).toEqual([]);
		expect(issues(submit.safeParse({ business_ids: ['b'.repeat(32)] }))).toEqual([
			{ code: 'invalid_type', path: ['list_id'], message: 'Required' },
			{ code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'business_ids'", keys: ['business_ids'] },
		]);
		expect(issues(submit.safeParse({ list_id: SAMPLE_LIST_ID, notifications: { email: { enabled: true, on: ['always'] } } }))).toEqual([
			{
				code: 'invalid_enum_value',
				path: ['notifications', 'email', 'on', 0],
				message: "Invalid enum value. Expected 'success' | 'failure', received 'always'",
			},
		]);
	});

	it('keep each enrichment\'s parameters: required where the sync body requires them, refused where it has none', () => {
		expect(issues(ENDPOINTS.enrichBusinessWebsiteTrafficJob.body.safeParse({ list_id: SAMPLE_LIST_ID }))).toEqual([
			{ code: 'invalid_type', path: ['parameters'], message: 'Required' },
		]);
		expect(issues(ENDPOINTS.enrichBusinessWebsiteKeywordsJob.body.safeParse({ list_id: SAMPLE_LIST_ID, parameters: { keywords: ['pricing'] } }))).toEqual([]);
		expect(issues(submit.safeParse({ list_id: SAMPLE_LIST_ID, parameters: { x: 1 } }))).toEqual([
			{ code: 'unrecognized_keys', path: ['parameters'], message: "Unrecognized key(s) in object: 'x'", keys: ['x'] },
		]);
	});

	it('need all four upload fields, and an entity type of business or prospect', () => {
		const upload = ENDPOINTS.uploadEntityIdDataset.body;
		expect(issues(upload.safeParse({ file: 'business_id\r\n', entity_type: 'company' }))).toEqual([
			{ code: 'invalid_enum_value', path: ['entity_type'], message: "Invalid enum value. Expected 'business' | 'prospect', received 'company'" },
			{ code: 'invalid_type', path: ['name'], message: 'Required' },
			{ code: 'invalid_type', path: ['description'], message: 'Required' },
		]);
		expect(issues(upload.safeParse({ file: '', entity_type: 'prospect', name: 'x'.repeat(257), description: '' }))).toEqual([
			{ code: 'too_small', path: ['file'], message: 'must not be empty' },
			{ code: 'too_big', path: ['name'], message: 'must be at most 256 characters' },
		]);
	});
});
