/**
 * API v1's cases of sandbox.metering.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The sandbox meters queries as the service's page says (rate-limits.md): a bulk call weighs one
 * query per entity of its payload, by the catalog's meter; X-RateLimit-Remaining falls by the
 * weight; a call that does not fit is 429 with Retry-After and the page's body. Request metering
 * (the older text) and per-endpoint meters other than the catalog's are options.
 */
import { ENDPOINTS, LIMITS } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, type SandboxOptions, startSandbox } from '../sandbox';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const started: Sandbox[] = [];
async function sandboxWith(options: SandboxOptions) {
	const sandbox = await startSandbox({ now: () => NOW, ...options });
	started.push(sandbox);
	return { sandbox, api: sandboxClient(sandbox), apiV2: sandboxClient(sandbox, ENDPOINTS) };
}
afterAll(async () => await Promise.all(started.map((sandbox) => sandbox.close())));
const remainingOf = (response: { headers: Headers }) => Number(response.headers.get('x-ratelimit-remaining'));

describe('query metering (the default)', () => {
	it('weighs an endpoint by a meter other than the catalog assumes, when the test says so', async () => {
		const { sandbox, api } = await sandboxWith({
			rateLimit: { ...LIMITS.rateLimit, meters: { 'v1.getBusinessEvents': { queries: 1 } } },
		});
		const ids = sandbox.universe.businesses.slice(0, 40).map((business) => business.business_id);
		const events = await api.call('getBusinessEvents', { business_ids: ids, event_types: ['new_funding_round'] });
		expect(remainingOf(events)).toBe(LIMITS.rateLimit.queries - 1);
	});
});
