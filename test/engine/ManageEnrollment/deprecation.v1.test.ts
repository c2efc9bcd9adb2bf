/**
 * Deprecation signals of API v1 in n8n-core's engine (node version 1 at Per Node Version): a run
 * whose v1 answers carry Deprecation and Sunset headers gets one warning hint in the node's output
 * pane (n8n's execution hints), with the dates and the way to switch; a run without them gets none;
 * the run data never holds the API key. Retiring v1 deletes this file (docs/development.md,
 * "Retiring API v1"). Set-up and helpers: ./setup.ts.
 */
import { SWITCH_ADVICE } from '../../../nodes/shared/transport/apiVersion';
import { BUSINESS_PATH, businessIds, createBusiness, NODE, requestsTo, runOn, sandbox, setUpSandbox } from './setup';

setUpSandbox();
afterEach(() => sandbox.configure({ deprecationHeaders: undefined }));

/** the node at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases */
const run = runOn('v1');

// the retirement a year from whenever the test runs (the client reads the real clock for the tense)
const DAY_MS = 86_400_000;
const SUNSET_DATE = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 365 * DAY_MS);
const SUNSET_DAY = SUNSET_DATE.toISOString().slice(0, 10);

const create25 = async () => await run(businessIds(25).map((business_id) => ({ business_id })), createBusiness());

test('three v1 answers with the headers: one warning hint, with the dates and the way to switch', async () => {
	sandbox.configure({ deprecationHeaders: { Deprecation: '@1788307200', Sunset: SUNSET_DATE.toUTCString() } });
	const result = await create25();
	expect(result.error).toBeUndefined();
	expect(requestsTo(BUSINESS_PATH).map((request) => request.method)).toEqual(['GET', 'POST', 'POST']);
	expect(result.runData[NODE][0].hints).toEqual([
		{
			// node version 1 at Per Node Version: the credential, or the node's v2 version, moves it
			message: `The service has deprecated API v1 (since 2026-09-02) and will stop serving it on ${SUNSET_DAY}. ${SWITCH_ADVICE.olderNode}`,
			type: 'warning',
			location: 'outputPane',
		},
	]);
	expect(JSON.stringify(result.runData)).not.toContain(sandbox.apiKey);
});

test('the same run without the headers: no hint', async () => {
	const result = await create25();
	expect(result.error).toBeUndefined();
	expect(result.runData[NODE][0].hints ?? []).toEqual([]);
});
