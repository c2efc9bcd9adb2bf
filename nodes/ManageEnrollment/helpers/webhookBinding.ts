/**
 * The webhook a created enrollment delivers to on API v2, which binds every enrollment to one.
 * An item's Webhook ID wins. Left empty (always so at node version 1, which has no such
 * parameter: a credential switched to v2 must not break it), the account's only active webhook
 * is used (the trigger's test webhooks aside): with exactly one, the enrollment goes where v1's
 * would have gone, to the one receiver there is. With none or several, no guess is safe: those items fail before any
 * enrollment is sent, naming the rule and the webhooks. One list request per run, only when an
 * item needs it (docs/v2-migration.md, "Built: Manage Enrollment on v2").
 *
 * v1's partner webhook, listed on v2 as `legacy`, is never chosen: only v1 enrollments deliver to
 * it ([I] the sandbox refuses binding a v2 enrollment to it, research §9 asks for "an active v2
 * webhook"). Counting it would also fail the usual migration, where it sits beside the webhook
 * the Business Events Webhook Trigger registered on v2.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { type ItemError, toItemError } from '../../shared/batching/items';
import { itemValidationError } from '../../shared/batching/validate';
import { type ApiVersion, dialectFor, isTestWebhook, type Registration, V2Registration } from '../../shared/api';
import { readText } from '../../shared/inputRules';
import { ApiClient } from '../../shared/transport/apiClient';
import { nodeApiVersion } from '../../shared/transport/apiVersion';
import type { EnrollmentKind } from './kinds';
import { readItem } from './plan';

/** The item's Webhook ID as text ('' when empty or at a node version without the parameter). */
export function readWebhookId(ctx: IExecuteFunctions, itemIndex: number): string {
	// n8n refuses to read a resource locator the node version does not declare ("Could not find property")
	if (!dialectFor(nodeApiVersion(ctx.getNode())).enrollments.bindsWebhook) return '';
	const raw = ctx.getNodeParameter('webhookId', itemIndex, '', { extractValue: true });
	const text = readText(raw === undefined || raw === null ? '' : raw);
	if (!text.ok) throw itemValidationError(ctx.getNode(), itemIndex, `Webhook ID ${text.problem}`);
	return text.value;
}

const shown = (webhook: Registration) =>
	`${webhook.webhookId ?? '?'}${webhook.name ? ` "${webhook.name}"` : ''} (${webhook.status ?? 'active'}${isTestWebhook(webhook) ? ', test' : ''})`;

const isActive = (webhook: Registration) => (webhook.status ?? 'active') === 'active';

/**
 * The webhook to use: the account's single active v2 webhook, the trigger's test webhooks aside
 * (they go when the test ends) and disabled ones aside (a leftover of an unpublished trigger must
 * not block the one in use). Else the problem and its fix, listing every v2 webhook with its status.
 */
export function onlyWebhook(
	webhooks: Registration[],
	nodeHasParameter: boolean,
): { webhookId: string } | { problem: string; fix: string } {
	const own = webhooks.filter((webhook) => !webhook.legacy && webhook.webhookId !== undefined);
	const usable = own.filter((webhook) => isActive(webhook) && !isTestWebhook(webhook));
	if (usable.length === 1) return { webhookId: usable[0].webhookId as string };
	const setIt = nodeHasParameter
		? 'set Webhook ID to the webhook that should receive the events'
		: 'add the Manage Enrollment node again (its new version has a Webhook ID parameter) and set Webhook ID there';
	const rule = "On API v2 every enrollment delivers to a webhook. With Webhook ID empty, the node uses the account's active webhook only if there is exactly one (test webhooks aside)";
	const listed = own.length > 0 ? ` The account's webhooks: ${own.map(shown).join(', ')}.` : '';
	if (usable.length === 0) {
		const legacy = webhooks.some((webhook) => webhook.legacy)
			? " v1's webhook (listed as legacy) receives only enrollments made on API v1."
			: '';
		const disabled = own.some((webhook) => !isActive(webhook) && !isTestWebhook(webhook));
		return {
			problem: `Webhook ID is empty and the account has no active API v2 webhook. ${rule}`,
			fix: disabled
				? `Publish the workflow of the disabled webhook's Business Events Webhook Trigger again (that makes it active), or ${setIt}.${listed}${legacy}`
				: `Publish a workflow with the Business Events Webhook Trigger on API v2 (it registers a webhook of its own), or create a webhook with the Manage Webhook node, then run again.${listed}${legacy}`,
		};
	}
	return {
		problem: `Webhook ID is empty and the account has ${usable.length} active API v2 webhooks. ${rule}`,
		fix: `To choose one, ${setIt}.${listed}`,
	};
}

/** A webhook_id that passes the body's checks, to tell whether an item is valid but for its empty Webhook ID. */
const STAND_IN_WEBHOOK_ID = 'webhook-to-be-listed';

/**
 * Each item's webhook_id for a create on v2 (undefined on v1, which binds nothing): the item's
 * own, else the account's only webhook, listed once; where there is none to use, reading the
 * item throws its error (a validation error, or the list's failure), so it is an error item
 * under Continue on Fail and nothing is sent for it. The list is asked only for an item that
 * passes every other check, so a run whose items are all invalid sends nothing.
 */
export async function createWebhookIds(ctx: IExecuteFunctions, version: ApiVersion, kind: EnrollmentKind): Promise<((itemIndex: number) => string) | undefined> {
	if (!dialectFor(version).enrollments.bindsWebhook) return undefined;
	const count = ctx.getInputData().length;
	const empty = (itemIndex: number) => {
		try {
			if (readWebhookId(ctx, itemIndex) !== '') return false;
			readItem(ctx, kind, 'create', itemIndex, { version, webhookId: () => STAND_IN_WEBHOOK_ID });
			return true;
		} catch {
			return false; // its own error is thrown when the item is read
		}
	};
	const first = Array.from({ length: count }, (_, itemIndex) => itemIndex).find(empty);
	if (first === undefined) return (itemIndex) => readWebhookId(ctx, itemIndex);

	let fallback: { webhookId: string } | { problem: string; fix: string } | { failed: ItemError };
	try {
		const webhooks = await new V2Registration(await ApiClient.of(ctx, 'v2'), ctx.getNode(), first).list();
		fallback = onlyWebhook(webhooks, dialectFor(nodeApiVersion(ctx.getNode())).enrollments.bindsWebhook);
	} catch (caught) {
		fallback = { failed: toItemError(ctx, caught, first) };
	}
	return (itemIndex) => {
		const given = readWebhookId(ctx, itemIndex);
		if (given !== '') return given;
		if ('webhookId' in fallback) return fallback.webhookId;
		if ('failed' in fallback) throw fallback.failed;
		throw itemValidationError(ctx.getNode(), itemIndex, fallback.problem, fallback.fix);
	};
}
