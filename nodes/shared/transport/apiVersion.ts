/**
 * Which version of the service's API a node run speaks, decided in one place
 * (docs/v2-migration.md, "Choosing the version").
 *
 * The credential's "API Version" wins when set to v1 or v2. At its default, "Per Node Version"
 * (`auto`), the node's typeVersion decides: n8n cannot tell a credential saved before the field
 * existed from a new one left at the default, but it stores each node's typeVersion in the
 * workflow, so nodes of saved workflows keep v1 and nodes added now get v2.
 */
import { API_VERSIONS, type ApiVersion, dialectFor } from '../api';
import { type ApiContext, readCredential } from './connection';

/** The credential's "API Version" values; `auto` is its default. */
export const API_VERSION_CHOICES = ['auto', ...API_VERSIONS] as const;
export type ApiVersionChoice = (typeof API_VERSION_CHOICES)[number];

/**
 * Which API version each typeVersion of each node speaks under "Per Node Version": per node, the
 * first typeVersion of each version after the oldest (a third version is one more key; the
 * table's rows stay). A typeVersion below every first listed speaks the oldest version in
 * API_VERSIONS. Every node of the package is listed: an unlisted node speaks the oldest version
 * whatever the credential says.
 */
export const FIRST_NODE_VERSION: Readonly<Record<string, Readonly<Partial<Record<ApiVersion, number>>>>> = {
	searchBusinesses: { v2: 2 },
	searchProspects: { v2: 3 },
	matchBusinesses: { v2: 2 },
	matchProspects: { v2: 2 },
	enrich: { v2: 2 },
	getEvents: { v2: 2 },
	lookUpFilterValues: { v2: 2 },
	businessEventsTrigger: { v2: 2 },
	businessEventsWebhookTrigger: { v2: 2 },
	manageWebhook: { v2: 2 },
	manageEnrollment: { v2: 2 },
	// new when v2 was: every version speaks v2 unless the credential says v1
	checkCredits: { v2: 1 },
};

/** The first typeVersion of each node that speaks API v2, read from the table above. */
export const FIRST_V2_NODE_VERSION: Readonly<Record<string, number>> = Object.fromEntries(
	Object.entries(FIRST_NODE_VERSION).flatMap(([name, firsts]) => (firsts.v2 === undefined ? [] : [[name, firsts.v2]])),
);

/** The node's own name in a type such as `n8n-nodes-business-prospect-data.searchProspectsTool`. */
function nodeName(type: string): string {
	return type.slice(type.lastIndexOf('.') + 1).replace(/Tool$/, '');
}

const OLDEST: ApiVersion = API_VERSIONS[0];
const isApiVersion = (choice: unknown): choice is ApiVersion => (API_VERSIONS as readonly unknown[]).includes(choice);

/** The API version a node's typeVersion is built for: the newest whose first typeVersion it has reached. */
export function nodeApiVersion(node: { type: string; typeVersion: number }): ApiVersion {
	const firsts = Object.hasOwn(FIRST_NODE_VERSION, nodeName(node.type)) ? FIRST_NODE_VERSION[nodeName(node.type)] : {};
	const reached = API_VERSIONS.filter((version) => firsts[version] !== undefined && node.typeVersion >= (firsts[version] as number));
	return reached.length > 0 ? reached[reached.length - 1] : OLDEST;
}

/** The API version of a node, from the credential's choice and the node's type and typeVersion. */
export function apiVersionFor(choice: unknown, node: { type: string; typeVersion: number }): ApiVersion {
	if (!Object.hasOwn(FIRST_NODE_VERSION, nodeName(node.type))) return OLDEST;
	if (isApiVersion(choice)) return choice;
	// `auto`, or a credential saved before the field existed (n8n fills in `auto`; undefined elsewhere)
	return nodeApiVersion(node);
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

/** What a run on a deprecated version can do about it: depends on the node, its version and the credential's choice. */
export function switchAdvice(choice: unknown, node: { type: string; typeVersion: number }): string {
	if (!Object.hasOwn(FIRST_NODE_VERSION, nodeName(node.type)) || !dialectFor(apiVersionFor(choice, node)).deprecated) return SWITCH_ADVICE.notYet;
	return isApiVersion(choice) ? SWITCH_ADVICE.credentialOnV1 : SWITCH_ADVICE.olderNode;
}
