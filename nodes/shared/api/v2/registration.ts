/**
 * The v2 model (v2-migration-research.md §9): up to ten webhooks per tenant, keyed by webhook_id;
 * the secret is in the create and rotate answers only, never in a read. A URL gets at most one
 * webhook from this package: registering a URL that has one gives it a new secret (and makes it
 * active) instead of creating a second. Unpublishing deletes the webhook, or disables it while
 * enrollments are bound to it, so they keep their binding for the next publish.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RegistrationClient } from '../dialect';
import {
	asNodeError,
	readRegistration,
	type RegisterOptions,
	type Registration,
	type RegistrationTarget,
	sameUrl,
	type Simulation,
	type WebhookRegistration,
	withCheckedSecret,
} from './registrationModel';
import { isNodeApiError } from '../../transport/nodeErrors';

/** The name a webhook gets when the caller gives none (v2 requires one). */
export const DEFAULT_WEBHOOK_NAME = 'n8n';

/**
 * The description the trigger gives the webhook it creates while the editor listens for a test
 * event: the mark (a name can be typed by anyone, and is the workflow's) that keeps it out of
 * Manage Enrollment's empty-Webhook-ID rule and its picker, since it goes away when the test ends.
 */
export const TEST_WEBHOOK_DESCRIPTION = 'n8n test webhook: removed when the editor stops listening for a test event';

export const isTestWebhook = (webhook: Registration): boolean => webhook.description === TEST_WEBHOOK_DESCRIPTION;

const httpCode = (error: unknown) => (isNodeApiError(error) ? error.httpCode : undefined);

export class V2Registration implements WebhookRegistration {
	readonly model = 'v2' as const;
	readonly readsReturnSecret = false;
	readonly owner = "the API key's tenant";

	constructor(
		private readonly client: RegistrationClient,
		private readonly node: INode,
		private readonly itemIndex?: number,
	) {}

	binding(webhookUrl: string, webhookId?: string): string {
		return `v2|${webhookId ?? ''}|${webhookUrl}`;
	}

	private async send(name: string, body: IDataObject | undefined, webhookId?: string, query?: IDataObject) {
		try {
			return await this.client.request<IDataObject>(name, body, {
				itemIndex: this.itemIndex,
				...(webhookId !== undefined && { pathParams: { webhook_id: webhookId } }),
				...(query && { query }),
			});
		} catch (error) {
			throw this.nodeError(error);
		}
	}

	/** A failure of the client as the node error it is (the client throws only node errors). */
	private nodeError(error: unknown) {
		return asNodeError(this.node, error, this.itemIndex);
	}

	/** The tenant's webhooks, v1's legacy one included (`legacy: true`), optionally of one status. */
	async list(status?: 'active' | 'disabled'): Promise<Registration[]> {
		const answer = await this.send('listWebhooks', undefined, undefined, status ? { status } : undefined);
		const webhooks = Array.isArray(answer?.webhooks) ? (answer.webhooks as IDataObject[]) : [];
		return webhooks.flatMap((webhook) => {
			const registration = readRegistration(webhook);
			return registration ? [registration] : [];
		});
	}

	/** The webhook of that id (undefined when the service has none), or the tenant's own at that URL. */
	async find(target: RegistrationTarget = {}): Promise<Registration | undefined> {
		if (target.webhookId !== undefined) {
			try {
				return readRegistration(await this.send('getWebhook', undefined, target.webhookId));
			} catch (error) {
				if (httpCode(error) === '404') return undefined;
				throw this.nodeError(error);
			}
		}
		if (target.webhookUrl === undefined) return undefined;
		return (await this.list()).find((webhook) => !webhook.legacy && sameUrl(webhook.webhookUrl, target.webhookUrl));
	}

	async register(webhookUrl: string, options: RegisterOptions = {}): Promise<Registration & { secret: string }> {
		const found = options.existing === undefined ? await this.find({ webhookUrl }) : (options.existing ?? undefined);
		if (found?.webhookId === undefined) {
			const created = await this.send('registerWebhook', { ...options.fields, name: options.name ?? DEFAULT_WEBHOOK_NAME, webhook_url: webhookUrl });
			const registration = withCheckedSecret(this.node, readRegistration(created), this.itemIndex);
			if (registration.webhookId === undefined) throw this.noWebhookId();
			return registration;
		}
		// disabled (an earlier unpublish kept it for its enrollments): deliveries resume
		if (found.status !== undefined && found.status !== 'active') await this.update(found, { status: 'active' });
		return { ...(await this.rotate(found)), status: 'active' };
	}

	/** A new secret for that webhook only (the old one stops verifying at once). */
	async rotate(found: Registration): Promise<Registration & { secret: string }> {
		const answer = await this.send('rotateWebhookSecret', {}, this.idOf(found));
		return withCheckedSecret(this.node, { ...found, secret: typeof answer?.webhook_secret === 'string' ? answer.webhook_secret : undefined }, this.itemIndex);
	}

	/** Changes name, description, URL, headers, payload format or status; returns the webhook as it is now. */
	async update(found: Registration, fields: IDataObject): Promise<Registration> {
		const answer = await this.send('updateWebhook', fields, this.idOf(found));
		return readRegistration(answer) ?? found;
	}

	/**
	 * Deletes the webhook: refused (409) while active enrollments use it, unless `force`, which
	 * pauses them; returns the enrollments paused. Gone already (404) is no error.
	 */
	async delete(found: Registration, force = false): Promise<{ deleted: boolean; affectedEnrollmentIds: string[] }> {
		try {
			const answer = await this.send('deleteWebhook', undefined, this.idOf(found), force ? { force: 'true' } : undefined);
			const affected = Array.isArray(answer?.affected_enrollment_ids) ? answer.affected_enrollment_ids.map(String) : [];
			return { deleted: true, affectedEnrollmentIds: affected };
		} catch (error) {
			if (httpCode(error) === '404') return { deleted: false, affectedEnrollmentIds: [] };
			throw this.nodeError(error);
		}
	}

	/** Deletes the webhook; while enrollments use it, disables it instead, so they keep their binding. */
	async remove(found: Registration): Promise<void> {
		try {
			await this.delete(found);
		} catch (error) {
			if (httpCode(error) !== '409') throw this.nodeError(error);
			await this.update(found, { status: 'disabled' });
		}
	}

	async checkConnectivity(simulation?: Simulation, found?: Registration): Promise<IDataObject> {
		const body: IDataObject = {};
		if (simulation) {
			body.simulation = {
				event_name: simulation.eventName,
				number_of_events: simulation.count,
				...(simulation.eventTime ? { event_time: simulation.eventTime } : {}),
			};
		}
		return await this.send('checkWebhookConnectivity', body, this.idOf(found));
	}

	private idOf(found: Registration | undefined): string {
		if (found?.webhookId !== undefined) return found.webhookId;
		throw new NodeOperationError(this.node, 'API v2 keeps several webhooks: name the webhook (its webhook_id) to act on', {
			itemIndex: this.itemIndex,
			description: 'Nothing was sent. Get the webhooks of the account to find its webhook_id.',
		});
	}

	private noWebhookId() {
		return new NodeOperationError(this.node, 'The service created the webhook but its answer holds no webhook_id', {
			itemIndex: this.itemIndex,
			description: 'Without its id the webhook cannot be changed or deleted from n8n. Get the webhooks of the account, then try again.',
		});
	}
}
