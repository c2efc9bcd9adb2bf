/** Enrollments live in memory, per sandbox: created, replaced and deleted through the API. */

export interface BusinessEnrollment {
	enrollment_id: string;
	enrollment_key: string;
	business_ids: string[];
	event_types: string[];
}

export interface ProspectEnrollment {
	enrollment_id: string;
	enrollment_key: string;
	prospect_ids: string[];
	event_types: string[];
	ttl_days?: number;
}

/**
 * A v2 enrollment: bound to one webhook, active or paused (paused when that webhook was
 * force-deleted; re-pointing webhook_id to an active webhook reactivates it). Event types are
 * kept in v2's names, as sent.
 */
interface EnrollmentV2 {
	enrollment_id: string;
	enrollment_key: string;
	webhook_id: string;
	event_types: string[];
	status: 'active' | 'paused';
}

export type BusinessEnrollmentV2 = EnrollmentV2 & { business_ids: string[] };
export type ProspectEnrollmentV2 = EnrollmentV2 & { prospect_ids: string[] };

export interface EnrollmentStore {
	/** by enrollment_id, in creation order */
	businesses: Map<string, BusinessEnrollment>;
	prospects: Map<string, ProspectEnrollment>;
	/**
	 * v2's, apart from v1's: each version lists and changes its own (the research does not say
	 * that either version shows the other's enrollments, an inference)
	 */
	businessesV2: Map<string, BusinessEnrollmentV2>;
	prospectsV2: Map<string, ProspectEnrollmentV2>;
}

export const createEnrollmentStore = (): EnrollmentStore => ({
	businesses: new Map(),
	prospects: new Map(),
	businessesV2: new Map(),
	prospectsV2: new Map(),
});
