/**
 * Turns input items into the enrollments to create or update: reads and validates every item,
 * combines the ids of items that share key and event types (or keeps each item apart), and
 * splits combined ids beyond the per-enrollment limit into key, key-2, key-3, ...
 * Everything here happens before any request is sent, against the API version's schemas: on v2
 * every enrollment is bound to a webhook (webhook_id), an update is partial and names the
 * enrollment in the path (its enrollment_id stays in the planned body and is sent there).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod/v3';

import { chunk, stableKey } from '../../shared/batching/grouping';
import { type ItemError, toItemError } from '../../shared/batching/items';
import { itemValidationError, validateItem } from '../../shared/batching/validate';
import { type ApiVersion, businessIdSchema, dialectFor, idSchema } from '../../shared/api';
import { readEventTypes } from '../../shared/eventTypes';
import { parseIdList } from '../../shared/idList';
import { readParameter } from '../../shared/parameters';
import { readText } from '../../shared/inputRules';
import { unwrapSchema } from '../../shared/schemaKinds';
import { COMBINE } from './fields';
import { BUSINESS, type EnrollmentKind, endpointOf, idsPerEnrollment, splitKey } from './kinds';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

export type Operation = 'create' | 'update';

/** One item's request: its ids and the other body fields. */
export interface ItemRead {
	itemIndex: number;
	ids: string[];
	shared: IDataObject;
}

/** An enrollment to send, or (under Continue on Fail) the error that stops it. */
export interface PlannedEnrollment {
	/** input items whose ids it holds, ascending */
	items: number[];
	body?: IDataObject;
	error?: ItemError;
	/** a create that already exists as this enrollment: it is not sent again */
	existing?: { enrollment_id: string; enrollment_key: string; status?: string };
}

export interface ReadOptions {
	enrollmentId?: (itemIndex: number) => string;
	/** an empty key means "keep the current one" (filled in later from the list) */
	keyOptional?: boolean;
	/** no event types mean "keep the current ones" (filled in later from the list; v2 leaves them out) */
	eventTypesOptional?: boolean;
	/** the API version whose schemas the item must meet (v1 unless named) */
	version?: ApiVersion;
	/**
	 * v2: the webhook the enrollment delivers to (required to create; on update, empty keeps the
	 * current one, another re-points it and reactivates a paused enrollment)
	 */
	webhookId?: (itemIndex: number) => string;
	/** v2: the item set Expire After, which v2 does not have; it is not sent */
	onTtlLeftOut?: (itemIndex: number) => void;
}

/** A body as sent: on a version that takes the enrollment id in the path (v2), never in the body. */
export function wireBody(body: IDataObject, version: ApiVersion): IDataObject {
	if (!dialectFor(version).enrollments.idInPath || body.enrollment_id === undefined) return body;
	return Object.fromEntries(Object.entries(body).filter(([field]) => field !== 'enrollment_id'));
}

/** The object schema under a refinement (v2's partial updates refine that one field is set). */
const objectOf = (schema: z.ZodTypeAny): z.AnyZodObject => unwrapSchema(schema, ['ZodEffects']) as z.AnyZodObject;

/** Reads the enrollment key, event types, ids and per-operation fields of one item. */
export function readItem(
	ctx: IExecuteFunctions,
	kind: EnrollmentKind,
	operation: Operation,
	itemIndex: number,
	read: ReadOptions = {},
): ItemRead {
	const business = kind === BUSINESS;
	const parsed = parseIdList(readParameter(ctx, kind.idsParameter, itemIndex), business ? 'business' : 'id');
	if ('error' in parsed) throw itemValidationError(ctx.getNode(), itemIndex, `${kind.idsLabel} ${parsed.error}`);
	if (parsed.ids.length === 0) {
		throw itemValidationError(
			ctx.getNode(),
			itemIndex,
			`${kind.idsLabel} is empty: the item has no ${kind.itemField}. Map a field that holds the IDs, or type them.`,
		);
	}

	const options = readParameter(ctx, 'options', itemIndex, {}) as IDataObject;
	const keyText = readText(readParameter(ctx, 'enrollmentKey', itemIndex, ''));
	if (!keyText.ok) throw itemValidationError(ctx.getNode(), itemIndex, `Enrollment Key ${keyText.problem}`);
	const key = keyText.value;
	const types = readEventTypes(readParameter(ctx, 'eventTypes', itemIndex, []), options.otherEventTypes);
	if (!types.ok) throw itemValidationError(ctx.getNode(), itemIndex, types.problem);
	const eventTypes = types.value;
	const shared: IDataObject = {};
	if (eventTypes.length > 0 || !read.eventTypesOptional) shared.event_types = eventTypes;
	if (key !== '' || !read.keyOptional) shared.enrollment_key = key;
	if (read.enrollmentId) shared.enrollment_id = read.enrollmentId(itemIndex);
	const version = read.version ?? DEFAULT_API_VERSION;
	const hasTtl = options.ttlDays !== undefined && options.ttlDays !== null && options.ttlDays !== '';
	// v2 enrollments have no expiry: left out (the caller says so once per run), so a node version
	// 1 workflow whose credential is switched to v2 keeps running
	const dialect = dialectFor(version);
	if (hasTtl && !dialect.enrollments.ttlDays) read.onTtlLeftOut?.(itemIndex);
	else if (hasTtl) shared.ttl_days = options.ttlDays;
	if (dialect.enrollments.idInPath) {
		// in the path on v2, so not checked with the body below
		if (shared.enrollment_id !== undefined) validateItem(ctx.getNode(), idSchema, shared.enrollment_id, itemIndex, 'enrollment_id');
		const webhookText = readText(read.webhookId?.(itemIndex) ?? '');
		if (!webhookText.ok) throw itemValidationError(ctx.getNode(), itemIndex, `Webhook ID ${webhookText.problem}`);
		if (webhookText.value !== '') shared.webhook_id = webhookText.value;
		else if (operation === 'create') {
			throw itemValidationError(
				ctx.getNode(),
				itemIndex,
				'Webhook ID is empty: on API v2 every enrollment delivers to one webhook of the account',
				'Enter the webhook_id of the v2 webhook that should receive the events.',
			);
		}
	}

	const endpoint = endpointOf(operation === 'create' ? kind.create : kind.update, version);
	const bodySchema = objectOf(endpoint.body).extend({
		[kind.idsKey]: z.array(business ? businessIdSchema : idSchema),
		...(shared.enrollment_key === undefined ? { enrollment_key: z.undefined() } : {}),
		...(shared.event_types === undefined ? { event_types: z.undefined() } : {}),
	});
	validateItem(ctx.getNode(), bodySchema, wireBody({ ...shared, [kind.idsKey]: parsed.ids }, version), itemIndex);
	return { itemIndex, ids: parsed.ids, shared };
}

interface Group {
	shared: IDataObject;
	ids: string[];
	owners: Map<string, Set<number>>;
	items: number[];
	/** an update whose items disagree on the enrollment's other fields */
	conflict?: string;
}

const itemList = (items: number[]) =>
	items.length <= 5 ? items.join(', ') : `${items.slice(0, 5).join(', ')} and ${items.length - 5} more`;
const itemsLabel = (items: number[]) => `${items.length === 1 ? 'item' : 'items'} ${itemList(items)}`;

/** One field an update sets besides the ids, in a form where equal means "sets the same". */
type SharedField = 'enrollment_key' | 'event_types' | 'webhook_id';

const fieldKey = (shared: IDataObject, field: SharedField) => {
	const value = shared[field];
	return stableKey(Array.isArray(value) ? [...(value as string[])].sort() : value);
};

const showField = (shared: IDataObject, field: SharedField) => {
	const value = shared[field];
	if (value === undefined) return '(keep current)';
	return Array.isArray(value) ? value.join(', ') : `"${String(value)}"`;
};

/**
 * Where the items of one update disagree, e.g. "Event Types: item 0 sets new_product; item 1
 * sets ipo_announcement", or undefined when they agree.
 */
function updateConflict(reads: ItemRead[]): string | undefined {
	const fields = [
		['enrollment_key', 'Enrollment Key'],
		['event_types', 'Event Types'],
		// v2 only: v1 bodies have no webhook_id, so v1 items never disagree on it
		['webhook_id', 'Webhook ID'],
	] as const;
	const problems: string[] = [];
	for (const [field, label] of fields) {
		const variants = new Map<string, { shown: string; items: number[] }>();
		for (const read of reads) {
			const key = fieldKey(read.shared, field);
			const variant = variants.get(key);
			if (variant) variant.items.push(read.itemIndex);
			else variants.set(key, { shown: showField(read.shared, field), items: [read.itemIndex] });
		}
		if (variants.size < 2) continue;
		const parts = [...variants.values()].map(
			({ shown, items }) => `${itemsLabel(items)} ${items.length === 1 ? 'sets' : 'set'} ${shown}`,
		);
		problems.push(`${label}: ${parts.join('; ')}`);
	}
	return problems.length ? problems.join('. ') : undefined;
}

/**
 * Groups items into enrollments. Creates: by key and event types (or each item apart). Updates:
 * by enrollment id alone, so every item naming an enrollment lands in its one update; items
 * that disagree on its key or event types make the group a conflict.
 */
function groupItems(reads: ItemRead[], operation: Operation, combine: string): Group[] {
	const groups = new Map<string, Group & { reads: ItemRead[] }>();
	for (const read of reads) {
		const groupKey =
			operation === 'update'
				? `id:${String(read.shared.enrollment_id)}`
				: combine === COMBINE.each
					? `item:${read.itemIndex}`
					: stableKey(read.shared);
		let group = groups.get(groupKey);
		if (!group) {
			group = { shared: read.shared, ids: [], owners: new Map(), items: [], reads: [] };
			groups.set(groupKey, group);
		}
		group.items.push(read.itemIndex);
		group.reads.push(read);
		for (const id of read.ids) {
			const owners = group.owners.get(id);
			if (owners) owners.add(read.itemIndex);
			else {
				group.owners.set(id, new Set([read.itemIndex]));
				group.ids.push(id);
			}
		}
	}
	return [...groups.values()].map(({ reads: groupReads, ...group }) =>
		operation === 'update' ? { ...group, conflict: updateConflict(groupReads) } : group,
	);
}

const ownersOf = (group: Group, ids: string[]) =>
	[...new Set(ids.flatMap((id) => [...(group.owners.get(id) ?? [])]))].sort((a, b) => a - b);

/**
 * The enrollments to send. Create splits ids beyond the limit into key, key-2, ...; an update
 * changes one existing enrollment, so more ids than it may hold is an error. Every body is
 * checked against the contract's schema. Without Continue on Fail the first problem throws.
 */
export function planEnrollments(
	ctx: IExecuteFunctions,
	kind: EnrollmentKind,
	operation: Operation,
	reads: ItemRead[],
	combine: string,
	version: ApiVersion = DEFAULT_API_VERSION,
): PlannedEnrollment[] {
	const limit = idsPerEnrollment(kind, version);
	const schema = endpointOf(operation === 'create' ? kind.create : kind.update, version).body;
	const node = ctx.getNode();
	const planned: PlannedEnrollment[] = [];
	for (const group of groupItems(reads, operation, combine)) {
		const first = group.items[0];
		try {
			if (group.conflict) {
				throw itemValidationError(
					node,
					first,
					`${itemsLabel(group.items)} update enrollment ${String(group.shared.enrollment_id)} but disagree on what to set. ${group.conflict}.`,
					'Items that update the same enrollment are combined into one update, so they must set the same Enrollment Key and Event Types.',
				);
			}
			if (operation === 'update' && group.ids.length > limit) {
				throw itemValidationError(
					node,
					first,
					`${kind.idsLabel} hold ${group.ids.length} IDs for enrollment ${String(group.shared.enrollment_id)} (from items ${itemList(group.items)}), but one enrollment holds at most ${limit} ${kind.noun.many}. An update cannot be split: create further enrollments instead.`,
				);
			}
			const parts = operation === 'create' ? chunk(group.ids, limit) : [group.ids];
			const bodies = parts.map((ids, part) => {
				const items = ownersOf(group, ids);
				const body: IDataObject = { ...group.shared, [kind.idsKey]: ids };
				if (operation === 'create') body.enrollment_key = splitKey(String(group.shared.enrollment_key), part);
				validateItem(node, schema, wireBody(body, version), items[0]);
				return { items, body };
			});
			planned.push(...bodies);
		} catch (caught) {
			const error = toItemError(node, caught, first);
			if (!ctx.continueOnFail()) throw error;
			planned.push({ items: group.items, error });
		}
	}
	return planned;
}

/** Adds the items that failed validation (Continue on Fail) and puts everything in input order. */
export function withItemErrors(planned: PlannedEnrollment[], errors: Map<number, ItemError>): PlannedEnrollment[] {
	const all = [...planned, ...[...errors].map(([itemIndex, error]) => ({ items: [itemIndex], error }))];
	// stable: the parts of one split keep their order (key, key-2, ...)
	return all.sort((a, b) => a.items[0] - b.items[0]);
}
