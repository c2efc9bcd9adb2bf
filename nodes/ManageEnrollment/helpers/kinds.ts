import { type ApiVersion, catalogFor, type CommonOperationName, type EndpointDefinition } from '../../shared/api';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

/** What differs between business and prospect enrollments. */
export interface EnrollmentKind {
	resource: 'businessEnrollment' | 'prospectEnrollment';
	/** body field holding the ids */
	idsKey: 'business_ids' | 'prospect_ids';
	/** node parameter holding the ids */
	idsParameter: 'businessIds' | 'prospectIds';
	idsLabel: string;
	/** the input item field the ids default to */
	itemField: 'business_id' | 'prospect_id';
	/** one id, several ids: for messages */
	noun: { one: string; many: string };
	create: CommonOperationName;
	update: CommonOperationName;
	/** the version's list and delete (v1 has no business delete, so that name is refused on v1) */
	list: 'listBusinessEnrollments' | 'listProspectEnrollments';
	delete: 'deleteBusinessEnrollment' | 'deleteProspectEnrollment';
}

export const BUSINESS: EnrollmentKind = {
	resource: 'businessEnrollment',
	idsKey: 'business_ids',
	idsParameter: 'businessIds',
	idsLabel: 'Business IDs',
	itemField: 'business_id',
	noun: { one: 'business', many: 'businesses' },
	create: 'createBusinessEnrollment',
	update: 'updateBusinessEnrollment',
	list: 'listBusinessEnrollments',
	delete: 'deleteBusinessEnrollment',
};

export const PROSPECT: EnrollmentKind = {
	resource: 'prospectEnrollment',
	idsKey: 'prospect_ids',
	idsParameter: 'prospectIds',
	idsLabel: 'Prospect IDs',
	itemField: 'prospect_id',
	noun: { one: 'prospect', many: 'prospects' },
	create: 'createProspectEnrollment',
	update: 'updateProspectEnrollment',
	list: 'listProspectEnrollments',
	delete: 'deleteProspectEnrollment',
};

/** An operation's catalog entry on a version (every operation of a kind is in both catalogs). */
export function endpointOf(name: CommonOperationName, version: ApiVersion = DEFAULT_API_VERSION): EndpointDefinition {
	return (catalogFor(version) as Readonly<Record<string, EndpointDefinition>>)[name];
}

/** Most ids one enrollment may hold (the catalog's batch limit of the create endpoint; v2 holds prospects to 20). */
export function idsPerEnrollment(kind: EnrollmentKind, version: ApiVersion = DEFAULT_API_VERSION): number {
	return endpointOf(kind.create, version).batch?.limit ?? Number.MAX_SAFE_INTEGER;
}

/** Keys of the enrollments a split create makes: key, key-2, key-3, ... */
export function splitKey(key: string, part: number): string {
	return part === 0 ? key : `${key}-${part + 1}`;
}
