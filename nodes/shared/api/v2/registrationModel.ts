/**
 * What every registration model shares: a registration in the package's terms, the strategy
 * interface the trigger and Manage Webhook use, and the checks of an answer (registration.ts
 * builds the strategy for a version; V1Registration lives there, registration.ts beside this file holds v2's).
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiVersion } from '../versions';
import { secretProblem } from '../../webhooks/secretShape';

/** A registration as the service holds it. */
export interface Registration {
	webhookUrl: string;
	/** present where the model returns it (v1: on register and on every read) */
	secret?: string;
	createdAt?: string;
	lastModifiedTime?: string;
	/** v2: the webhook's id, name, description and status, and whether it is v1's partner webhook as v2 lists it */
	webhookId?: string;
	name?: string;
	description?: string;
	status?: string;
	legacy?: boolean;
}

/** What a v2 registration is looked up by: its id, or (the trigger's) the URL it delivers to. */
export interface RegistrationTarget {
	webhookId?: string;
	webhookUrl?: string;
}

/** A simulation check_connectivity asks for, under v1's event names (the client translates for v2). */
export interface Simulation {
	eventName: string;
	count: number;
	eventTime?: string;
}

export interface RegisterOptions {
	/** v2: the name a new webhook gets */
	name?: string;
	/** v2: what find({ webhookUrl }) gave just before (null: nothing there), so it is not asked again */
	existing?: Registration | null;
	/** v2: more fields a new webhook is created with (description, headers, payload_format) */
	fields?: IDataObject;
}

export interface WebhookRegistration {
	readonly model: ApiVersion;
	/** what the registration is keyed by, for messages ("partner p-123") */
	readonly owner: string;
	/** whether reads return the secret (v1 yes): a lost copy can be read again instead of rotating it */
	readonly readsReturnSecret: boolean;
	/**
	 * the registration this trigger would use or replace, or undefined when there is none (v1: the
	 * partner's one, whatever the target; v2: the webhook of that id, or the tenant's at that URL)
	 */
	find(target?: RegistrationTarget): Promise<Registration | undefined>;
	/**
	 * registers the URL and returns the new secret (v1: replaces any other registration of the
	 * partner; v2: the webhook already at that URL gets a new secret, and is made active, else a new
	 * webhook named `name` is created)
	 */
	register(webhookUrl: string, options?: RegisterOptions): Promise<Registration & { secret: string }>;
	/** removes the registration found (v1: the partner's; v2: deletes it, or disables it while enrollments use it) */
	remove(found: Registration): Promise<void>;
	/** asks the service to push a test event, or `simulated` mock events of one type (v2: to the webhook found) */
	checkConnectivity(simulation?: Simulation, found?: Registration): Promise<IDataObject>;
	/** the authenticated data a sealed secret is bound to (v2: the webhook's id too) */
	binding(webhookUrl: string, webhookId?: string): string;
}

/** A URL as compared: parsed and re-written (case of scheme and host, default port), without a trailing slash. */
export function normalizedUrl(url: string): string {
	let href: string;
	try {
		href = new URL(url.trim()).href;
	} catch {
		href = url.trim();
	}
	return href.replace(/\/+$/, '');
}

/** Whether two URLs name the same webhook address. */
export const sameUrl = (a: string | undefined, b: string | undefined): boolean =>
	a !== undefined && b !== undefined && normalizedUrl(a) === normalizedUrl(b);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A registration answer (register or read) in the package's terms. */
export function readRegistration(body: IDataObject | undefined): Registration | undefined {
	const webhookUrl = text(body?.webhook_url);
	if (webhookUrl === undefined) return undefined;
	const registration: Registration = {
		webhookUrl,
		secret: text(body?.webhook_secret),
		createdAt: text(body?.created_at),
		lastModifiedTime: text(body?.last_modified_time),
	};
	const webhookId = text(body?.webhook_id);
	if (webhookId === undefined) return registration;
	return {
		...registration,
		webhookId,
		name: text(body?.name),
		description: text(body?.description),
		status: text(body?.status),
		legacy: body?.legacy === true,
	};
}

/**
 * A secret the service just gave, or an error in words: without one deliveries cannot be
 * verified, and a malformed one would let anyone forge them.
 */
export function withCheckedSecret(node: INode, registration: Registration | undefined, itemIndex?: number): Registration & { secret: string } {
	if (!registration?.secret) {
		throw new NodeOperationError(node, 'The service registered the webhook but its answer holds no webhook_url or webhook_secret', {
			itemIndex,
			description: 'Deliveries cannot be verified without the secret. Try again; if it persists, contact the service.',
		});
	}
	const problem = secretProblem(registration.secret);
	if (problem !== undefined) {
		throw new NodeOperationError(node, `The service registered the webhook but gave a webhook secret that cannot verify deliveries: ${problem}`, {
			itemIndex,
			description: 'Only URL-safe base64 secrets of at least 16 bytes are accepted: a shorter or malformed one would let anyone forge deliveries. Contact the service.',
		});
	}
	return { ...registration, secret: registration.secret };
}

/** A failure of the client as the node error it is (the client throws only node errors). */
export { asNodeError } from '../../transport/nodeErrors';

