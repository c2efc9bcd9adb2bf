import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { type ApiVersion, type CommonOperationName, dialectFor } from '../api';
import { ApiClient } from '../transport/apiClient';
import { apiVersionOf } from '../transport/apiVersion';
import { type ApiContext, DEFAULT_API_VERSION } from '../transport/connection';

/** One enrollment as a list endpoint returns it; `IdsField` holds the watched ids. */
export type ListedEnrollment<IdsField extends string> = {
	enrollment_id: string;
	enrollment_key: string;
	event_types: string[];
	/** v2: the webhook it delivers to, and active or paused */
	webhook_id?: string;
	status?: string;
} & Record<IdsField, string[]>;

export type BusinessEnrollment = ListedEnrollment<'business_ids'>;
export type ProspectEnrollment = ListedEnrollment<'prospect_ids'>;

/** How one kind of enrollment is listed and named. */
interface EnrollmentKind<IdsField extends string> {
	endpoint: CommonOperationName;
	idsField: IdsField;
	/** "business" / "businesses": what the ids are */
	one: string;
	many: string;
	/**
	 * The list's only entry when the account has none yet: says how to create one (n8n would show
	 * a bare "No results"). Its value is empty, so choosing it is refused as no enrollment.
	 */
	noneYet: string;
}

const BUSINESS: EnrollmentKind<'business_ids'> = {
	endpoint: 'listBusinessEnrollments',
	idsField: 'business_ids',
	one: 'business',
	many: 'businesses',
	noneYet: 'No business enrollments yet: create one with the Manage Enrollment node (Business Enrollment › Create)',
};

const PROSPECT: EnrollmentKind<'prospect_ids'> = {
	endpoint: 'listProspectEnrollments',
	idsField: 'prospect_ids',
	one: 'prospect',
	many: 'prospects',
	noneYet: 'No prospect enrollments yet: create one with the Manage Enrollment node (Prospect Enrollment › Create)',
};

export const NO_ENROLLMENTS_TEXT = BUSINESS.noneYet;
export const NO_PROSPECT_ENROLLMENTS_TEXT = PROSPECT.noneYet;

const stringList = (value: unknown): string[] =>
	Array.isArray(value) ? value.filter((entry) => entry !== null && entry !== undefined).map(String) : [];

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * All enrollments of one kind on an API version (v1: the active ones, with the partner id header
 * when the credential has one; v2: with webhook_id and status), sorted by key. Entries without an
 * enrollment id are left out.
 */
async function fetchEnrollments<IdsField extends string>(
	ctx: ApiContext,
	kind: EnrollmentKind<IdsField>,
	version: ApiVersion = DEFAULT_API_VERSION,
): Promise<Array<ListedEnrollment<IdsField>>> {
	const client = await ApiClient.of(ctx, version);
	const response = await client.request<IDataObject>(kind.endpoint);
	const list = Array.isArray(response?.enrollments) ? (response.enrollments as IDataObject[]) : [];
	return list
		.filter((entry) => entry && typeof entry.enrollment_id === 'string' && entry.enrollment_id !== '')
		.map(
			(entry) =>
				({
					enrollment_id: entry.enrollment_id as string,
					enrollment_key: typeof entry.enrollment_key === 'string' ? entry.enrollment_key : '',
					[kind.idsField]: stringList(entry[kind.idsField]),
					event_types: stringList(entry.event_types),
					...(text(entry.webhook_id) !== undefined && { webhook_id: text(entry.webhook_id) }),
					...(text(entry.status) !== undefined && { status: text(entry.status) }),
				}) as ListedEnrollment<IdsField>,
		)
		.sort((a, b) => a.enrollment_key.localeCompare(b.enrollment_key) || a.enrollment_id.localeCompare(b.enrollment_id));
}

export const fetchBusinessEnrollments = async (ctx: ApiContext, version: ApiVersion = DEFAULT_API_VERSION) => await fetchEnrollments(ctx, BUSINESS, version);
export const fetchProspectEnrollments = async (ctx: ApiContext, version: ApiVersion = DEFAULT_API_VERSION) => await fetchEnrollments(ctx, PROSPECT, version);

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "acme-watch (12 businesses, 3 event types)": what a user recognises an enrollment by. */
function label<IdsField extends string>(enrollment: ListedEnrollment<IdsField>, kind: EnrollmentKind<IdsField>): string {
	const key = enrollment.enrollment_key || enrollment.enrollment_id;
	const ids = count((enrollment[kind.idsField] as string[]).length, kind.one, kind.many);
	const types = count(enrollment.event_types.length, 'event type', 'event types');
	// v2: a paused enrollment delivers nothing until it is pointed at an active webhook
	const paused = enrollment.status === 'paused' ? ', paused' : '';
	return `${key} (${ids}, ${types}${paused})`;
}

export const enrollmentLabel = (enrollment: BusinessEnrollment) => label(enrollment, BUSINESS);
export const prospectEnrollmentLabel = (enrollment: ProspectEnrollment) => label(enrollment, PROSPECT);

/** Why an enrollment made on the other API version is not listed: each version lists its own [I]. */
export const LISTED_ON_V2 = 'API v2 lists only enrollments made on API v2';

/**
 * listSearch: enrollments of one kind whose key or id contains the filter text, on the API
 * version the node speaks (the credential's choice, else its node version).
 */
async function searchEnrollments<IdsField extends string>(
	ctx: ILoadOptionsFunctions,
	kind: EnrollmentKind<IdsField>,
	filter?: string,
): Promise<INodeListSearchResult> {
	const needle = (filter ?? '').trim().toLowerCase();
	const version = await apiVersionOf(ctx);
	const enrollments = await fetchEnrollments(ctx, kind, version);
	if (enrollments.length === 0 && needle === '') {
		return { results: [{ name: dialectFor(version).enrollments.listsOnlyOwn ? `${kind.noneYet} (${LISTED_ON_V2})` : kind.noneYet, value: '' }] };
	}
	return {
		results: enrollments
			.filter(
				(enrollment) =>
					needle === '' ||
					enrollment.enrollment_key.toLowerCase().includes(needle) ||
					enrollment.enrollment_id.toLowerCase().includes(needle),
			)
			.map((enrollment) => ({ name: label(enrollment, kind), value: enrollment.enrollment_id })),
	};
}

/** listSearch method: business enrollments whose key or id contains the filter text. */
export async function searchBusinessEnrollments(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchEnrollments(this, BUSINESS, filter);
}

/** listSearch method: prospect enrollments whose key or id contains the filter text. */
export async function searchProspectEnrollments(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchEnrollments(this, PROSPECT, filter);
}

/** loadOptions method: every business enrollment as a dropdown option, on the node's API version. */
export async function getBusinessEnrollments(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const enrollments = await fetchBusinessEnrollments(this, await apiVersionOf(this));
	return enrollments.map((enrollment) => ({
		name: enrollmentLabel(enrollment),
		value: enrollment.enrollment_id,
		description: `Enrollment ID ${enrollment.enrollment_id}`,
	}));
}
