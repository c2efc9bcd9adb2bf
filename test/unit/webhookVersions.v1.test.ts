/**
 * API v1's cases of webhookVersions.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The webhook registration strategy and the webhook trigger on API v2, against the sandbox over
 * HTTP, beside v1: exact requests and bodies; the trigger stores webhook_id and the secret once,
 * verifies deliveries of its own webhook, reads both payload generations into the same item and
 * fires each event_id once; unpublishing keeps a webhook that enrollments use (disabled).
 */
import { webhookRegistration } from '../../nodes/shared/webhooks/registration';
import { SANDBOX_PARTNER_ID, type Sandbox, startSandbox } from '../sandbox';
import { sandboxContext } from './support/sandboxContext';

let sandbox: Sandbox;
const URL_A = 'http://127.0.0.1:9/webhook/a/webhook';

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
});
afterAll(async () => await sandbox.close());
beforeEach(async () => {
	await sandbox.webhooks.idle();
	// nobody listens at these URLs: each push is tried once and kept in the delivery log
	sandbox.webhooks.configure({ retries: 0 });
	sandbox.webhooks.clearDeliveries();
	sandbox.webhooks.unregister();
	sandbox.webhooks.tenant.clear();
	sandbox.enrollments.businessesV2.clear();
	sandbox.clearRequests();
});

const sent = () => sandbox.requests.map(({ method, path, body, query, status }) => ({ method, path, ...(body !== undefined && { body }), ...(query && { query }), status }));

describe('the registration strategy on both versions', () => {
	it('v1: the partner\'s one webhook, registered by partner_id', async () => {
		const { ctx } = sandboxContext(sandbox, { credentials: { partnerId: SANDBOX_PARTNER_ID } });
		const strategy = await webhookRegistration(ctx, 0, 'v1');
		const registered = await strategy.register(URL_A);
		expect([strategy.model, strategy.owner, registered.webhookUrl, registered.webhookId]).toEqual(['v1', `partner ${SANDBOX_PARTNER_ID}`, URL_A, undefined]);
		expect(sent()).toEqual([{ method: 'POST', path: '/v1/webhooks', body: { partner_id: SANDBOX_PARTNER_ID, webhook_url: URL_A }, status: 200 }]);
	});
});
