/**
 * A local simulation of the business and prospect data service, for tests, the demo and the
 * benchmark. See README.md in this folder for what it simulates and how tests use it.
 */
export { startSandbox, type AnswerHook, type RecordedRequest, type Sandbox } from './server';
export {
	DEFAULT_SEED,
	REQUEST_METERING,
	SANDBOX_API_KEY,
	SANDBOX_PARTNER_ID,
	SANDBOX_TENANT_ID,
	type FaultOptions,
	type FaultStep,
	type RateLimitOptions,
	type SandboxOptions,
	type SandboxSettings,
	UNPACED_PER_MINUTE,
} from './options';
export type { BusinessEnrollment, ProspectEnrollment } from './enrollments';
export type {
	BusinessEnrichmentKind,
	BusinessEvent,
	ProspectEvent,
	BusinessPreview,
	BusinessRecord,
	Fetcher,
	MatchInput,
	SandboxBusiness,
	SandboxProspect,
	SandboxUniverse,
	SearchFilters,
} from './universe';
export type { ProspectFacets, ProspectSearchFilters, SearchableProspect } from './universe';
export { sandboxClient, type SandboxClient, type SandboxResponse } from './client';
export {
	type CraftedDelivery,
	type DeliveryKind,
	type PushedEvent,
	type SendResult,
	type WebhookDelivery,
	type WebhookKnobs,
	type WebhookRegistration,
	Webhooks,
	pythonJson,
	pythonTime,
	signDelivery,
} from './webhooks';
