/**
 * Turns input items into the enrollments to create or update: reads and validates every item,
 * combines the ids of items that share key and event types (or keeps each item apart), and
 * splits combined ids beyond the per-enrollment limit into key, key-2, key-3, ...
 * Everything here happens before any request is sent.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { chunk, stableKey } from '../../shared/batching/engine';
import type { ItemError } from '../../shared/batching/items';
import { ItemValidationError, validateItem } from '../../shared/batching/validate';
import { ENDPOINTS } from '../../shared/catalog';
import { combineEventTypes } from '../../shared/eventTypes';
import { parseIdList } from '../../shared/idList';
import { idSchema } from '../../shared/schemas';
import { COMBINE } from './fields';
import { type EnrollmentKind, idsPerEnrollment, splitKey } from './kinds';
import { asNodeError } from './send';

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
}

export function invalid(ctx: IExecuteFunctions, itemIndex: number, rule: string): never {
	throw new ItemValidationError(ctx.getNode(), `Item ${itemIndex}: ${rule}`, {
		itemIndex,
		description: 'Nothing was sent to the service for this item.',
	});
}

/** Reads the enrollment key, event types, ids and per-operation fields of one item. */
export function readItem(
	ctx: IExecuteFunctions,
	kind: EnrollmentKind,
	operation: Operation,
	itemIndex: number,
	read: { enrollmentId?: (itemIndex: number) => string; keyOptional?: boolean } = {},
): ItemRead {
	const parsed = parseIdList(ctx.getNodeParameter(kind.idsParameter, itemIndex));
	if ('error' in parsed) invalid(ctx, itemIndex, `${kind.idsLabel} ${parsed.error}`);
	if (parsed.ids.length === 0) {
		invalid(
			ctx,
			itemIndex,
			`${kind.idsLabel} is empty: the item has no ${kind.itemField}. Map a field that holds the IDs, or type them.`,
		);
	}

	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const key = String(ctx.getNodeParameter('enrollmentKey', itemIndex, '') ?? '').trim();
	const shared: IDataObject = {
		event_types: combineEventTypes(ctx.getNodeParameter('eventTypes', itemIndex, []), options.otherEventTypes),
	};
	if (key !== '' || !read.keyOptional) shared.enrollment_key = key;
	if (read.enrollmentId) shared.enrollment_id = read.enrollmentId(itemIndex);
	if (options.ttlDays !== undefined && options.ttlDays !== null && options.ttlDays !== '') {
		shared.ttl_days = options.ttlDays;
	}

	const endpoint = ENDPOINTS[operation === 'create' ? kind.create : kind.update];
	const bodySchema = (endpoint.body as z.AnyZodObject).extend({
		[kind.idsKey]: z.array(idSchema),
		...(shared.enrollment_key === undefined ? { enrollment_key: z.undefined() } : {}),
	});
	validateItem(ctx.getNode(), bodySchema, { ...shared, [kind.idsKey]: parsed.ids }, itemIndex);
	return { itemIndex, ids: parsed.ids, shared };
}

interface Group {
	shared: IDataObject;
	ids: string[];
	owners: Map<string, Set<number>>;
	items: number[];
}

function groupItems(reads: ItemRead[], combine: string): Group[] {
	const groups = new Map<string, Group>();
	for (const read of reads) {
		const groupKey = combine === COMBINE.each ? `item:${read.itemIndex}` : stableKey(read.shared);
		let group = groups.get(groupKey);
		if (!group) {
			group = { shared: read.shared, ids: [], owners: new Map(), items: [] };
			groups.set(groupKey, group);
		}
		group.items.push(read.itemIndex);
		for (const id of read.ids) {
			const owners = group.owners.get(id);
			if (owners) owners.add(read.itemIndex);
			else {
				group.owners.set(id, new Set([read.itemIndex]));
				group.ids.push(id);
			}
		}
	}
	return [...groups.values()];
}

const ownersOf = (group: Group, ids: string[]) =>
	[...new Set(ids.flatMap((id) => [...(group.owners.get(id) ?? [])]))].sort((a, b) => a - b);

const itemList = (items: number[]) =>
	items.length <= 5 ? items.join(', ') : `${items.slice(0, 5).join(', ')} and ${items.length - 5} more`;

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
): PlannedEnrollment[] {
	const limit = idsPerEnrollment(kind);
	const schema = ENDPOINTS[operation === 'create' ? kind.create : kind.update].body;
	const node = ctx.getNode();
	const planned: PlannedEnrollment[] = [];
	for (const group of groupItems(reads, combine)) {
		const first = group.items[0];
		try {
			if (operation === 'update' && group.ids.length > limit) {
				invalid(
					ctx,
					first,
					`${kind.idsLabel} hold ${group.ids.length} IDs for enrollment ${String(group.shared.enrollment_id)} (from items ${itemList(group.items)}), but one enrollment holds at most ${limit} ${kind.noun.many}. An update cannot be split: create further enrollments instead.`,
				);
			}
			const parts = operation === 'create' ? chunk(group.ids, limit) : [group.ids];
			const bodies = parts.map((ids, part) => {
				const items = ownersOf(group, ids);
				const body: IDataObject = { ...group.shared, [kind.idsKey]: ids };
				if (operation === 'create') body.enrollment_key = splitKey(String(group.shared.enrollment_key), part);
				validateItem(node, schema, body, items[0]);
				return { items, body };
			});
			planned.push(...bodies);
		} catch (caught) {
			const error = asNodeError(ctx, caught, first);
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
