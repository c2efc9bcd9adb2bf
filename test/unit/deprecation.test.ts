/**
 * Deprecation signals (issue 21): a v1 answer with Deprecation or Sunset headers makes the node
 * warn once per run, with the dates and the way to switch; never without the headers, never on
 * v2, and never with anything of the header text (so never the API key).
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { SWITCH_ADVICE, switchAdvice } from '../../nodes/shared/transport/apiVersion';
import { announce, deprecationNotice, readDeprecation } from '../../nodes/shared/transport/deprecation';
import { type Sandbox, startSandbox } from '../sandbox';

/** the advice of the test node, which has no v2 version */
const SWITCH_TO_V2 = SWITCH_ADVICE.notYet;
const DAY_MS = 86_400_000;
// 2026-09-02T00:00:00Z (GA, the deprecation); the retirement a year from whenever the test runs,
// so that the runs through the client, on the real clock, always see it ahead
const DEPRECATED = '@1788307200';
const SUNSET_DATE = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 365 * DAY_MS);
const SUNSET = SUNSET_DATE.toUTCString();
/** a day after the deprecation, before the retirement */
const NOW = Date.parse('2026-11-28T00:00:00Z');

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
});
afterAll(async () => await sandbox.close());
afterEach(() => sandbox.configure({ deprecationHeaders: undefined }));

describe('reading the headers', () => {
	it('reads RFC 9745 and RFC 8594 dates, a bare `true`, and nothing when neither header is there', () => {
		expect(readDeprecation({ deprecation: DEPRECATED, sunset: SUNSET })).toEqual({ since: new Date('2026-09-02T00:00:00Z'), sunset: SUNSET_DATE });
		expect(readDeprecation({ sunset: 'Thu, 02 Sep 2027 00:00:00 GMT' })).toEqual({ sunset: new Date('2027-09-02T00:00:00Z') });
		expect(readDeprecation({ Deprecation: 'true' })).toEqual({});
		expect(readDeprecation({ 'Content-Type': 'application/json' })).toBeUndefined();
		expect(readDeprecation(undefined)).toBeUndefined();
		expect(readDeprecation({ sunset: 'soon, key=sandbox-api-key' })).toEqual({});
	});

	it('says what it knows, in words', () => {
		expect(deprecationNotice({}, 'v1', SWITCH_TO_V2, NOW)).toBe(`The service has deprecated API v1. ${SWITCH_TO_V2}`);
		expect(deprecationNotice({ sunset: new Date('2027-03-02T00:00:00Z') }, 'v1', SWITCH_TO_V2, NOW)).toBe(
			`The service has deprecated API v1 and will stop serving it on 2027-03-02. ${SWITCH_TO_V2}`,
		);
	});

	it('in the tense the dates call for: a deprecation still to come, a retirement already past', () => {
		const later = { since: new Date('2027-01-04T00:00:00Z'), sunset: new Date('2027-09-02T00:00:00Z') };
		expect(deprecationNotice(later, 'v1', SWITCH_TO_V2, NOW)).toBe(
			`The service will deprecate API v1 on 2027-01-04 and will stop serving it on 2027-09-02. ${SWITCH_TO_V2}`,
		);
		expect(deprecationNotice({ since: new Date('2026-09-02T00:00:00Z'), sunset: new Date('2026-11-01T00:00:00Z') }, 'v1', SWITCH_TO_V2, NOW)).toBe(
			`The service has deprecated API v1 (since 2026-09-02) and stopped serving it on 2026-11-01. ${SWITCH_TO_V2}`,
		);
	});
});

describe('the warning in n8n\'s log', () => {
	it('is written once a day per node: a trigger polling every minute does not repeat it', () => {
		const warnings: string[] = [];
		const poll = (node: string) =>
			({ getNode: () => ({ id: node, name: node }), logger: { warn: (message: string) => warnings.push(message) } }) as unknown as IExecuteFunctions;
		announce(poll('trigger-a'), 'first', NOW);
		announce(poll('trigger-a'), 'a minute later', NOW + 60_000);
		announce(poll('trigger-b'), 'another node', NOW + 60_000);
		announce(poll('trigger-a'), 'a day later', NOW + DAY_MS);
		expect(warnings).toEqual(['first', 'another node', 'a day later']);
	});
});

describe('the advice in the warning', () => {
	const node = (name: string, typeVersion: number) => ({ type: `n8n-nodes-business-prospect-data.${name}`, typeVersion });

	it('says there is nothing to do where the node has no v2 version for it yet', () => {
		expect(switchAdvice('v2', node('manageWebhook', 1))).toBe(SWITCH_ADVICE.notYet);
		expect(switchAdvice('v2', node('businessEventsWebhookTrigger', 1))).toBe(SWITCH_ADVICE.notYet);
		// a v2 node's request that only v1 has (the polling trigger's enrollment list)
		expect(switchAdvice('auto', node('businessEventsTrigger', 2))).toBe(SWITCH_ADVICE.notYet);
	});
});
