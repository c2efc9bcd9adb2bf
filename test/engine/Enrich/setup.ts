/**
 * What every Enrich engine test file shares: its own sandbox (started once per file without its
 * rate limit, its request log and faults reset before each test), the credential, the path of
 * each enrichment, and what the sandbox serves for a business enrichment. A test file calls
 * setUpSandbox() once at its top, then uses `sandbox` and the helpers.
 */
import type { IDataObject } from 'n8n-workflow';

import { RESOURCES } from '../../../nodes/Enrich/helpers/enrichments';
import { type ApiVersion, catalogFor, type EndpointDefinition } from '../../../nodes/shared/api';
import { DEFAULT_API_VERSION } from '../../../nodes/shared/transport/connection';
import type { Sandbox } from '../../sandbox';
import { sandboxCredentials, useSandbox } from '../harness';
import { type MoreBusinessEnrichmentKind, moreBusinessEnrichment } from '../../sandbox/universe/moreEnrichments';

/** This test file's sandbox, set by setUpSandbox() (started by the beforeAll it registers). */
export let sandbox: Sandbox;

/** Starts the file's sandbox before its tests and closes it after; clears its requests and faults before each test. */
export function setUpSandbox(): void {
	sandbox = useSandbox({ rateLimit: false }, (started) => started.configure({ faults: {} }));
}

export const credentials = () => sandboxCredentials(sandbox);
/**
 * The path an enrichment (its value in the node) is sent to on an API version; by default on the
 * version of the harness's default node version, typeVersion 1 (the oldest version the package has).
 */
export const pathOf = (value: string, api: ApiVersion = DEFAULT_API_VERSION) => {
	const enrichment = [...RESOURCES.business.enrichments, ...RESOURCES.prospect.enrichments].find((e) => e.value === value);
	return (catalogFor(api) as Readonly<Record<string, EndpointDefinition>>)[enrichment!.endpoint].path;
};

/** value in the node -> output key and the sandbox's kind */
export const BUSINESS = {
	firmographics: ['firmographics', 'firmographics'],
	technographics: ['technographics', 'technographics'],
	employeeRatings: ['employee_ratings', 'ratings'],
	financialIndicators: ['financial_indicators', 'financials'],
	workforceTrends: ['workforce_trends', 'workforce'],
	competitiveLandscape: ['competitive_landscape', 'competitive_landscape'],
	businessPosts: ['posts', 'posts'],
	websiteKeywords: ['website_keywords', 'website_keywords'],
	lookalikes: ['similar_companies', 'lookalikes'],
	webstack: ['website_technologies', 'webstack'],
	companyHierarchy: ['company_hierarchy', 'hierarchy'],
	websiteTraffic: ['website_traffic', 'traffic'],
	businessIntent: ['business_intent', 'intent'],
} as const satisfies Record<string, readonly [string, MoreBusinessEnrichmentKind]>;
const LISTS = new Set(['businessPosts', 'lookalikes']);

/** What the sandbox serves for one business, as the node's output holds it. */
export function expected(value: keyof typeof BUSINESS, businessId: string, parameters: IDataObject = {}) {
	const universe = sandbox.universe;
	const world = {
		seed: universe.seed,
		anchorMs: universe.anchor.getTime(),
		businesses: universe.businesses,
		business: (id: string) => universe.business(id),
	};
	const data = moreBusinessEnrichment(BUSINESS[value][1], world, universe.business(businessId)!, parameters);
	if (LISTS.has(value)) return data;
	return data.length === 0 ? null : data[0];
}
