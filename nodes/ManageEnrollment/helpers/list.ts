/**
 * Lists enrollments of one kind, one item each, as the service answers them (v2: with webhook_id
 * and status, active or paused). The list ignores input items: it runs once, paired to item 0
 * (also its error item under Continue on Fail).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { errorItem, toItemError } from '../../shared/batching/items';
import type { ApiVersion } from '../../shared/api';
import { ApiClient } from '../../shared/transport/apiClient';
import type { EnrollmentKind } from './kinds';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `key` (trimmed; empty: all) keeps that key and the parts a large create split off (key-2, key-3, ...). */
export async function listEnrollments(
	ctx: IExecuteFunctions,
	kind: EnrollmentKind,
	key: string,
	version: ApiVersion = DEFAULT_API_VERSION,
): Promise<INodeExecutionData[]> {
	let response: IDataObject;
	try {
		const client = await ApiClient.of(ctx, version);
		response = await client.request<IDataObject>(kind.list, undefined, { itemIndex: 0 });
	} catch (caught) {
		const error = toItemError(ctx, caught, 0);
		if (!ctx.continueOnFail()) throw error;
		return [errorItem(error, 0)];
	}
	const enrollments = Array.isArray(response?.enrollments) ? (response.enrollments as IDataObject[]) : [];
	const sameKey = new RegExp(`^${escapeRegExp(key)}(?:-\\d+)?$`);
	return enrollments
		.filter((enrollment) => key === '' || sameKey.test(String(enrollment?.enrollment_key ?? '')))
		.map((enrollment) => ({ json: enrollment, pairedItem: { item: 0 } }));
}
