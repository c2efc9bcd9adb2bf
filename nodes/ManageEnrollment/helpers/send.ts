/**
 * Sends planned enrollments one after another, on the shared runner (so split parts are created
 * in key order and a failure leaves a clear picture of what exists), and turns each into one
 * output item, linked to the input items whose ids it holds.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { errorItem, type ItemError, type ItemResult, pairedTo, runEach, type StopProgress } from '../../shared/batching/items';
import { type ApiVersion, type CommonOperationName, dialectFor } from '../../shared/api';
import { ApiClient } from '../../shared/transport/apiClient';
import { type PlannedEnrollment, wireBody } from './plan';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

/** Fields v2 answers with the whole enrollment (v1 answers only its id and key). */
const ANSWERED_FIELDS = ['event_types', 'webhook_id', 'business_ids', 'prospect_ids'];

/**
 * Output fields of one enrollment: what the service answered and what was sent (v2: and its
 * status, active or paused). A v2 partial update sends only what changes; the rest (its event
 * types, webhook) comes from the answer, so the output holds the same fields as v1's.
 */
function enrollmentJson(body: IDataObject, response: IDataObject): IDataObject {
	const sent = Object.entries(body).filter(
		([field]) => field !== 'request_context' && field !== 'enrollment_id' && field !== 'enrollment_key',
	);
	const answered = ANSWERED_FIELDS.filter((field) => response?.[field] !== undefined && body[field] === undefined);
	return {
		enrollment_id: response?.enrollment_id ?? body.enrollment_id,
		enrollment_key: response?.enrollment_key ?? body.enrollment_key,
		...Object.fromEntries(answered.map((field) => [field, response[field]])),
		...Object.fromEntries(sent),
		...(typeof response?.status === 'string' && { status: response.status }),
	};
}

export interface SendOptions {
	verb: 'created' | 'updated';
	/** output `already_existed` on every enrollment (creates that checked existing keys) */
	markExisting?: boolean;
	/** the API version to send to (v1 unless named); v2 sends an update's enrollment_id in the path */
	version?: ApiVersion;
}

/** One enrollment to send, for the shared runner: its first item names it in errors. */
interface EnrollmentRequest {
	itemIndex: number;
	entry: PlannedEnrollment & { body: IDataObject };
}

const keyOf = (request: EnrollmentRequest) => String(request.entry.body.enrollment_key);

/** What was already done when a later request fails: users must not create those again. */
function describeProgress(verb: SendOptions['verb']) {
	return (error: ItemError, { done, notSent }: StopProgress<EnrollmentRequest, IDataObject>) => {
		const sent = done.map(
			({ request, value }) => `${keyOf(request)} (${String(value?.enrollment_id ?? request.entry.body.enrollment_id)})`,
		);
		const parts = [
			sent.length ? `Already ${verb} before this failure: ${sent.join(', ')}.` : '',
			notSent.length ? `Not sent: ${notSent.map(keyOf).join(', ')}.` : '',
		].filter(Boolean);
		if (parts.length) error.description = [error.description, ...parts].filter(Boolean).join(' ');
	};
}

/**
 * Sends the planned enrollments and outputs one item per enrollment: the service's answer, an
 * enrollment that already existed (not sent again), or the error item of the items it holds.
 * A failure that stops the run says which enrollments were already sent and which were not.
 */
export async function sendEnrollments(
	ctx: IExecuteFunctions,
	endpoint: CommonOperationName,
	planned: PlannedEnrollment[],
	options: SendOptions,
): Promise<INodeExecutionData[]> {
	const { verb, markExisting = false, version = DEFAULT_API_VERSION } = options;
	const marked = (json: IDataObject, existed: boolean) => (markExisting ? { ...json, already_existed: existed } : json);
	const requests = planned.flatMap((entry): EnrollmentRequest[] =>
		entry.body && !entry.existing ? [{ itemIndex: entry.items[0], entry: entry as EnrollmentRequest['entry'] }] : [],
	);
	const results = await runEach(
		ctx,
		requests,
		async ({ entry, itemIndex }) => {
			const client = await ApiClient.of(ctx, version);
			const inPath = dialectFor(version).enrollments.idInPath && typeof entry.body.enrollment_id === 'string';
			return await client.request<IDataObject>(endpoint, wireBody(entry.body, version), {
				itemIndex,
				...(inPath && { pathParams: { enrollment_id: String(entry.body.enrollment_id) } }),
			});
		},
		{ onStop: describeProgress(verb) },
	);
	const answers = new Map<PlannedEnrollment, ItemResult<IDataObject>>(requests.map((request, position) => [request.entry, results[position]]));
	return planned.map((entry): INodeExecutionData => {
		if (!entry.body) return errorItem(entry.error as ItemError, entry.items);
		if (entry.existing) {
			return { json: marked(enrollmentJson(entry.body, entry.existing), true), pairedItem: pairedTo(entry.items) };
		}
		const answer = answers.get(entry) as ItemResult<IDataObject>; // every entry to send has its result
		if (!answer.ok) return errorItem(answer.error, entry.items);
		return { json: marked(enrollmentJson(entry.body, answer.value), false), pairedItem: pairedTo(entry.items) };
	});
}
