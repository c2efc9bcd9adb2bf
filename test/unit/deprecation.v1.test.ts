/**
 * API v1's cases of deprecation.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Deprecation signals (issue 21): a v1 answer with Deprecation or Sunset headers makes the node
 * warn once per run, with the dates and the way to switch; never without the headers, never on
 * v2, and never with anything of the header text (so never the API key).
 */
import type { IDataObject, IExecuteFunctions, NodeExecutionHint } from 'n8n-workflow';

import { ApiClient } from '../../nodes/shared/transport/apiClient';
import { SWITCH_ADVICE, switchAdvice } from '../../nodes/shared/transport/apiVersion';
import { type Sandbox, startSandbox } from '../sandbox';
import { fakeContext, ok, UNLIMITED } from './support/fakeContext';
import { sandboxContext } from './support/sandboxContext';

/** the advice of the test node, which has no v2 version */
const SWITCH_TO_V2 = SWITCH_ADVICE.notYet;
const DAY_MS = 86_400_000;
// 2026-09-02T00:00:00Z (GA, the deprecation); the retirement a year from whenever the test runs,
// so that the runs through the client, on the real clock, always see it ahead
const DEPRECATED = '@1788307200';
const SUNSET_DATE = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 365 * DAY_MS);
const SUNSET = SUNSET_DATE.toUTCString();
const SUNSET_DAY = SUNSET_DATE.toISOString().slice(0, 10);
const NOTICE = `The service has deprecated API v1 (since 2026-09-02) and will stop serving it on ${SUNSET_DAY}. ${SWITCH_TO_V2}`;

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
});
afterAll(async () => await sandbox.close());
afterEach(() => sandbox.configure({ deprecationHeaders: undefined }));

/** A node run against the sandbox that keeps the hints it adds and the warnings it logs. */
function run() {
	const hints: NodeExecutionHint[] = [];
	const warnings: string[] = [];
	const { ctx } = sandboxContext(sandbox);
	Object.assign(ctx, {
		addExecutionHints: (...added: NodeExecutionHint[]) => hints.push(...added),
		logger: { warn: (message: string) => warnings.push(message) },
	});
	return { ctx, hints, warnings };
}

const threeRequests = async (ctx: IExecuteFunctions, version: 'v1' | 'v2' = 'v1') => {
	const client = await ApiClient.of(ctx, version);
	for (let n = 0; n < 3; n++) await client.request('listBusinessEnrollments');
};

describe('the warning in a run', () => {
	it('appears once per run, with the dates and the way to switch, however many answers carry the headers', async () => {
		sandbox.configure({ deprecationHeaders: { Deprecation: DEPRECATED, Sunset: SUNSET } });
		const first = run();
		await threeRequests(first.ctx);
		expect(first.hints).toEqual([{ message: NOTICE, type: 'warning', location: 'outputPane' }]);
		// the next run warns again, once
		const second = run();
		await threeRequests(second.ctx);
		expect(second.hints).toHaveLength(1);
		expect([first.warnings, second.warnings]).toEqual([[], []]);
	});

	it('never appears without the headers, nor for v2 answers', async () => {
		const plain = run();
		await threeRequests(plain.ctx);
		sandbox.configure({ deprecationHeaders: { Deprecation: DEPRECATED, Sunset: SUNSET } });
		const v2 = run();
		await threeRequests(v2.ctx, 'v2');
		expect([plain.hints, plain.warnings, v2.hints, v2.warnings]).toEqual([[], [], [], []]);
		// v2 answers carrying the headers (a service that signals there too) do not warn either: the notice is v1's
		const hints: NodeExecutionHint[] = [];
		const { ctx } = fakeContext(() => ({ ...ok({ response_context: { request_status: 'success' }, enrollments: [] }), headers: { deprecation: DEPRECATED } }), {
			credentials: { baseUrl: 'https://api.example.com', apiKey: 'k-123456789', maxRequestsPerMinute: UNLIMITED },
		});
		Object.assign(ctx, { addExecutionHints: (...added: NodeExecutionHint[]) => hints.push(...added) });
		await (await ApiClient.of(ctx, 'v2')).request('listBusinessEnrollments');
		expect(hints).toEqual([]);
	});

	it('never carries the header text: an API key echoed in the headers stays out of the warning', async () => {
		sandbox.configure({ deprecationHeaders: { Deprecation: `true; key=${sandbox.apiKey}`, Sunset: `${sandbox.apiKey}` } });
		const { ctx, hints } = run();
		await threeRequests(ctx);
		expect(hints).toEqual([{ message: `The service has deprecated API v1. ${SWITCH_TO_V2}`, type: 'warning', location: 'outputPane' }]);
		expect(JSON.stringify(hints)).not.toContain(sandbox.apiKey);
	});

	it('goes to n8n\'s log, once, where the context shows no hints (a trigger\'s poll, an option loader)', async () => {
		sandbox.configure({ deprecationHeaders: { Sunset: SUNSET } });
		const warnings: string[] = [];
		const { ctx } = sandboxContext(sandbox);
		Object.assign(ctx, { logger: { warn: (message: string) => warnings.push(message) } } as IDataObject);
		await threeRequests(ctx);
		expect(warnings).toEqual([`The service has deprecated API v1 and will stop serving it on ${SUNSET_DAY}. ${SWITCH_TO_V2}`]);
	});
});

describe('the advice in the warning', () => {
	const node = (name: string, typeVersion: number) => ({ type: `n8n-nodes-business-prospect-data.${name}`, typeVersion });

	it('points at the credential when it holds the run on v1, at the credential or a new node otherwise', () => {
		expect(switchAdvice('v1', node('searchProspects', 3))).toBe(SWITCH_ADVICE.credentialOnV1);
		expect(switchAdvice('v1', node('enrich', 1))).toBe(SWITCH_ADVICE.credentialOnV1);
		// a credential saved before the field, and Per Node Version, on an older node version (tools too)
		expect(switchAdvice(undefined, node('searchProspects', 2))).toBe(SWITCH_ADVICE.olderNode);
		expect(switchAdvice('auto', node('enrichTool', 1))).toBe(SWITCH_ADVICE.olderNode);
		expect(switchAdvice('auto', node('manageEnrollment', 1))).toBe(SWITCH_ADVICE.olderNode);
	});
});
