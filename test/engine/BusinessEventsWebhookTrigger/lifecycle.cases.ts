/**
 * The Business Events Webhook Trigger as n8n runs it, at the typeVersion that speaks one API
 * version: its webhookMethods choose the API version (apiVersionOf), so the node at each version
 * publishes, fires and unpublishes with the same items (publishCases; on v2 it still looks for v1's
 * partner webhook at its URL, a migration, so both rows are in lifecycle.v1.test.ts, which retiring
 * v1 deletes), and shows Replace Existing Registration (replaceOptionCases: lifecycle.test.ts runs
 * the v2 row, lifecycle.v1.test.ts the v1 row).
 */
import type { ApiVersion } from '../../../nodes/shared/api';
import { SANDBOX_PARTNER_ID } from '../../sandbox/options';
import { typeVersionFor } from '../harness/apiVersions';
import { hook, publish, published, receiver, sandbox, trigger, WEBHOOK_ID } from './setup';

export function publishCases(api: ApiVersion): void {
	const allCalls = () =>
		sandbox.requests.map(
			(request) => `${request.method} ${request.path}${request.query ? `?${new URLSearchParams(request.query)}` : ''} ${request.status}`,
		);
	const PUBLISH: Record<'v1' | 'v2', (id: string) => string[]> = {
		v1: () => [`GET /v1/webhooks/${SANDBOX_PARTNER_ID} 404`, `GET /v1/webhooks/${SANDBOX_PARTNER_ID} 404`, 'POST /v1/webhooks 200'],
		// checkExists finds nothing at its URL; create looks again, creates, and looks for v1's webhook at the URL (a migration)
		v2: () => ['GET /v2/webhooks 200', 'GET /v2/webhooks 200', 'POST /v2/webhooks 201', `GET /v1/webhooks/${SANDBOX_PARTNER_ID} 404`],
	};
	const UNPUBLISH: Record<'v1' | 'v2', (id: string) => string[]> = {
		v1: () => [`GET /v1/webhooks/${SANDBOX_PARTNER_ID} 200`, `DELETE /v1/webhooks/${SANDBOX_PARTNER_ID} 200`],
		v2: (id) => [`GET /v2/webhooks/${id} 200`, `DELETE /v2/webhooks/${id} 200`],
	};

	/** The one enrollment of the version, delivering to the trigger's webhook. */
	function enrollOn(businessId: string) {
		if (api !== 'v2') {
			sandbox.enrollments.businesses.set('enr-key-both', {
				enrollment_id: 'enr-key-both',
				enrollment_key: 'key-both',
				business_ids: [businessId],
				event_types: ['new_product', 'employee_joined_company'],
			});
			return;
		}
		sandbox.enrollments.businessesV2.set('enr-key-both', {
			enrollment_id: 'enr-key-both',
			enrollment_key: 'key-both',
			webhook_id: [...sandbox.webhooks.tenant.keys()][0],
			event_types: ['new_product', 'executive_joined_company'],
			business_ids: [businessId],
			status: 'active',
		});
	}

	test('publish, an event, unpublish: exact requests, and the same item on both versions', async () => {
		const p = published({}, {}, WEBHOOK_ID, false, { typeVersion: typeVersionFor('businessEventsWebhookTrigger', api) });
		expect(await publish(p)).toBe(false);
		const id = api === 'v2' ? [...sandbox.webhooks.tenant.keys()][0] : '';
		expect(allCalls()).toEqual(PUBLISH[api](id));
		expect(p.staticData().registration).toMatchObject({ model: api, webhookUrl: p.url });

		const business = sandbox.universe.businesses[2].business_id;
		enrollOn(business);
		sandbox.addEvent({ business_id: business, event_name: 'employee_joined_company', data: { title: 'CFO' } });
		await sandbox.webhooks.idle();
		expect(receiver.received.map((entry) => entry.items)).toEqual([
			[
				{
					event_name: 'employee_joined_company',
					event_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
					event_id: expect.stringMatching(/^[0-9a-f]{32}$/),
					data: { title: 'CFO' },
					business_id: business,
					enrollment_key: 'key-both',
					enrollment_id: 'enr-key-both',
				},
			],
		]);
		receiver.received = [];

		sandbox.enrollments.businessesV2.clear();
		const before = sandbox.requests.length;
		await trigger.webhookMethods.default.delete.call(hook(p));
		expect(allCalls().slice(before)).toEqual(UNPUBLISH[api](id));
		expect([sandbox.webhooks.registration, sandbox.webhooks.tenant.size, p.staticData().registration]).toEqual([undefined, 0, undefined]);
	});
}

export function replaceOptionCases(api: ApiVersion): void {
	test('Replace Existing Registration at both versions (version 2 on a credential set to v1 needs it too)', () => {
		const typeVersion = typeVersionFor('businessEventsWebhookTrigger', api);
		const shown = trigger.description.properties.filter(
			(property) =>
				property.name === 'options' && ((property.displayOptions?.show?.['@version'] as number[] | undefined)?.includes(typeVersion) ?? true),
		);
		expect(shown.flatMap((property) => (property.options as Array<{ name: string }>).map((option) => option.name))).toEqual(
			['replaceExisting', 'simulateEvent'],
		);
	});
}
