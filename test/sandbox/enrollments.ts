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

export interface EnrollmentStore {
	/** by enrollment_id, in creation order */
	businesses: Map<string, BusinessEnrollment>;
	prospects: Map<string, ProspectEnrollment>;
}

export const createEnrollmentStore = (): EnrollmentStore => ({ businesses: new Map(), prospects: new Map() });
