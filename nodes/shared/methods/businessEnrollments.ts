import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { ApiContext } from '../transport/connection';
import { ApiClient } from '../transport/apiClient';

/** One business enrollment as the list endpoint returns it. */
export interface BusinessEnrollment {
	enrollment_id: string;
	enrollment_key: string;
	business_ids: string[];
	event_types: string[];
}

const stringList = (value: unknown): string[] =>
	Array.isArray(value) ? value.filter((entry) => entry !== null && entry !== undefined).map(String) : [];

/**
 * All active business enrollments of the account (the partner id header is sent when the
 * credential has one), sorted by key. Entries without an enrollment id are left out.
 */
export async function fetchBusinessEnrollments(ctx: ApiContext): Promise<BusinessEnrollment[]> {
	const client = await ApiClient.of(ctx);
	const response = await client.request<IDataObject>('listBusinessEnrollments');
	const list = Array.isArray(response?.enrollments) ? (response.enrollments as IDataObject[]) : [];
	return list
		.filter((entry) => entry && typeof entry.enrollment_id === 'string' && entry.enrollment_id !== '')
		.map((entry) => ({
			enrollment_id: entry.enrollment_id as string,
			enrollment_key: typeof entry.enrollment_key === 'string' ? entry.enrollment_key : '',
			business_ids: stringList(entry.business_ids),
			event_types: stringList(entry.event_types),
		}))
		.sort((a, b) => a.enrollment_key.localeCompare(b.enrollment_key) || a.enrollment_id.localeCompare(b.enrollment_id));
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "acme-watch (12 businesses, 3 event types)": what a user recognises an enrollment by. */
export function enrollmentLabel(enrollment: BusinessEnrollment): string {
	const key = enrollment.enrollment_key || enrollment.enrollment_id;
	const businesses = count(enrollment.business_ids.length, 'business', 'businesses');
	const types = count(enrollment.event_types.length, 'event type', 'event types');
	return `${key} (${businesses}, ${types})`;
}

/**
 * The list's only entry when the account has no business enrollment yet: says how to create one
 * (n8n would show a bare "No results"). Its value is empty, so choosing it is refused as no enrollment.
 */
export const NO_ENROLLMENTS_TEXT =
	'No business enrollments yet: create one with the Manage Enrollment node (Business Enrollment › Create)';
const NO_ENROLLMENTS = { name: NO_ENROLLMENTS_TEXT, value: '' };

/** listSearch method: business enrollments whose key or id contains the filter text. */
export async function searchBusinessEnrollments(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const needle = (filter ?? '').trim().toLowerCase();
	const enrollments = await fetchBusinessEnrollments(this);
	if (enrollments.length === 0 && needle === '') return { results: [NO_ENROLLMENTS] };
	return {
		results: enrollments
			.filter(
				(enrollment) =>
					needle === '' ||
					enrollment.enrollment_key.toLowerCase().includes(needle) ||
					enrollment.enrollment_id.toLowerCase().includes(needle),
			)
			.map((enrollment) => ({ name: enrollmentLabel(enrollment), value: enrollment.enrollment_id })),
	};
}

/** loadOptions method: every business enrollment as a dropdown option. */
export async function getBusinessEnrollments(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const enrollments = await fetchBusinessEnrollments(this);
	return enrollments.map((enrollment) => ({
		name: enrollmentLabel(enrollment),
		value: enrollment.enrollment_id,
		description: `Enrollment ID ${enrollment.enrollment_id}`,
	}));
}
