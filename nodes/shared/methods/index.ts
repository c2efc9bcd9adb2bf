/**
 * Option loaders and list searches that several nodes share. A node wires them into its
 * `methods`, e.g. `methods = { listSearch: { searchBusinessEnrollments } }`.
 */
export {
	type BusinessEnrollment,
	enrollmentLabel,
	fetchBusinessEnrollments,
	fetchProspectEnrollments,
	getBusinessEnrollments,
	type ListedEnrollment,
	NO_PROSPECT_ENROLLMENTS_TEXT,
	type ProspectEnrollment,
	prospectEnrollmentLabel,
	searchBusinessEnrollments,
	searchProspectEnrollments,
} from './enrollments';
export {
	type FilterValue,
	type FilterValueSource,
	filterValueSearches,
	lookUpFilterValues,
} from './filterValues';
export { searchWebhooks, webhookLabel } from './webhooks';
