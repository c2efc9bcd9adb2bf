import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { ApiContext } from '../transport/connection';
import { ApiClient } from '../transport/apiClient';

/** One prospect enrollment as the list endpoint returns it. */
export interface ProspectEnrollment {
	enrollment_id: string;
	enrollment_key: string;
	prospect_ids: string[];
	event_types: string[];
}

const stringList = (value: unknown): string[] =>
	Array.isArray(value) ? value.filter((entry) => entry !== null && entry !== undefined).map(String) : [];

/**
 * All active prospect enrollments of the account (the partner id header is sent when the
 * credential has one), sorted by key. Entries without an enrollment id are left out.
 */
export async function fetchProspectEnrollments(ctx: ApiContext): Promise<ProspectEnrollment[]> {
	const client = await ApiClient.of(ctx);
	const response = await client.request<IDataObject>('listProspectEnrollments');
	const list = Array.isArray(response?.enrollments) ? (response.enrollments as IDataObject[]) : [];
	return list
		.filter((entry) => entry && typeof entry.enrollment_id === 'string' && entry.enrollment_id !== '')
		.map((entry) => ({
			enrollment_id: entry.enrollment_id as string,
			enrollment_key: typeof entry.enrollment_key === 'string' ? entry.enrollment_key : '',
			prospect_ids: stringList(entry.prospect_ids),
			event_types: stringList(entry.event_types),
		}))
		.sort((a, b) => a.enrollment_key.localeCompare(b.enrollment_key) || a.enrollment_id.localeCompare(b.enrollment_id));
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "sales-leaders (12 prospects, 2 event types)": what a user recognises an enrollment by. */
export function prospectEnrollmentLabel(enrollment: ProspectEnrollment): string {
	const key = enrollment.enrollment_key || enrollment.enrollment_id;
	const prospects = count(enrollment.prospect_ids.length, 'prospect', 'prospects');
	const types = count(enrollment.event_types.length, 'event type', 'event types');
	return `${key} (${prospects}, ${types})`;
}

/**
 * The list's only entry when the account has no prospect enrollment yet: says how to create one.
 * Its value is empty, so choosing it is refused as no enrollment.
 */
export const NO_PROSPECT_ENROLLMENTS_TEXT =
	'No prospect enrollments yet: create one with the Manage Enrollment node (Prospect Enrollment › Create)';
const NO_ENROLLMENTS = { name: NO_PROSPECT_ENROLLMENTS_TEXT, value: '' };

/** listSearch method: prospect enrollments whose key or id contains the filter text. */
export async function searchProspectEnrollments(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const needle = (filter ?? '').trim().toLowerCase();
	const enrollments = await fetchProspectEnrollments(this);
	if (enrollments.length === 0 && needle === '') return { results: [NO_ENROLLMENTS] };
	return {
		results: enrollments
			.filter(
				(enrollment) =>
					needle === '' ||
					enrollment.enrollment_key.toLowerCase().includes(needle) ||
					enrollment.enrollment_id.toLowerCase().includes(needle),
			)
			.map((enrollment) => ({ name: prospectEnrollmentLabel(enrollment), value: enrollment.enrollment_id })),
	};
}
