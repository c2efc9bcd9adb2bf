/**
 * Which version of the service's API a node run speaks, decided in one place
 * (docs/v2-migration.md, "Choosing the version").
 *
 * The credential's "API Version" wins when set to v1 or v2. At its default, "Per Node Version"
 * (`auto`), the node's typeVersion decides: n8n cannot tell a credential saved before the field
 * existed from a new one left at the default, but it stores each node's typeVersion in the
 * workflow, so nodes of saved workflows keep v1 and nodes added now get v2.
 */
import type { ApiVersion } from '../api';
import { type ApiContext, readCredential } from './connection';

/** The credential's "API Version" values; `auto` is its default. */
export const API_VERSION_CHOICES = ['auto', 'v1', 'v2'] as const;
export type ApiVersionChoice = (typeof API_VERSION_CHOICES)[number];

/**
 * The first typeVersion of each node that speaks API v2 under "Per Node Version"; every earlier
 * typeVersion speaks v1. Every node of the package is listed: an unlisted node would speak v1
 * whatever the credential says.
 */
export const FIRST_V2_NODE_VERSION: Readonly<Record<string, number>> = {
	searchBusinesses: 2,
	searchProspects: 3,
	matchBusinesses: 2,
	matchProspects: 2,
	enrich: 2,
	getEvents: 2,
	lookUpFilterValues: 2,
	businessEventsTrigger: 2,
	businessEventsWebhookTrigger: 2,
	manageWebhook: 2,
	manageEnrollment: 2,
	// new when v2 was: every version speaks v2 unless the credential says v1
	checkCredits: 1,
};

/** The node's own name in a type such as `n8n-nodes-business-prospect-data.searchProspectsTool`. */
function nodeName(type: string): string {
	return type.slice(type.lastIndexOf('.') + 1).replace(/Tool$/, '');
}

/** The API version of a node, from the credential's choice and the node's type and typeVersion. */
export function apiVersionFor(choice: unknown, node: { type: string; typeVersion: number }): ApiVersion {
	const name = nodeName(node.type);
	if (!Object.hasOwn(FIRST_V2_NODE_VERSION, name)) return 'v1';
	if (choice === 'v1' || choice === 'v2') return choice;
	// `auto`, or a credential saved before the field existed (n8n fills in `auto`; undefined elsewhere)
	return node.typeVersion >= FIRST_V2_NODE_VERSION[name] ? 'v2' : 'v1';
}

/** Whether a node's typeVersion is one of its API v2 versions (what its parameters are built for). */
export function isV2NodeVersion(node: { type: string; typeVersion: number }): boolean {
	return apiVersionFor('auto', node) === 'v2';
}

/** The API version this run of the node speaks: the credential's choice, else the node's typeVersion. */
export async function apiVersionOf(ctx: ApiContext): Promise<ApiVersion> {
	const credentials = await readCredential(ctx);
	return apiVersionFor(credentials.apiVersion, ctx.getNode());
}

/** Advice in the v1 deprecation warning (deprecation.ts), by why the run speaks v1. */
export const SWITCH_ADVICE = {
	/**
	 * a v1 call inside a run on v2: every node has a v2 version, so this is the migration's reach
	 * for v1's partner webhook (the webhook trigger's keepLegacy and its removal)
	 */
	notYet: "This request reaches API v1's partner webhook during a migration to v2. Nothing to change now.",
	/** the credential's API Version is set to v1 */
	credentialOnV1: 'To switch, set API Version to Per Node Version or v2 in the Business Prospect Data API credential.',
	/** an older node version at Per Node Version */
	olderNode: 'To switch, set API Version to v2 in the Business Prospect Data API credential, or add the node again (new nodes speak API v2; its settings are entered again).',
} as const;

/** What a run on v1 can do about it: depends on the node, its version and the credential's choice. */
export function switchAdvice(choice: unknown, node: { type: string; typeVersion: number }): string {
	if (!Object.hasOwn(FIRST_V2_NODE_VERSION, nodeName(node.type)) || apiVersionFor(choice, node) === 'v2') return SWITCH_ADVICE.notYet;
	return choice === 'v1' ? SWITCH_ADVICE.credentialOnV1 : SWITCH_ADVICE.olderNode;
}
