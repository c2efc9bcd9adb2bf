/**
 * A node's engine tests on an API version: the node at the typeVersion that speaks that version
 * with the credential at "Per Node Version" (its newest version built before v2, or its first for
 * v2), and the paths each version sends to. See README.md, "Tests by API version".
 */
import type { ApiVersion } from '../../../nodes/shared/api';
import { FIRST_V2_NODE_VERSION } from '../../../nodes/shared/transport/apiVersion';

/** The typeVersion of a node (its name, such as 'searchProspects') that speaks `api` by itself. */
export function typeVersionFor(name: string, api: ApiVersion): number {
	return api === 'v2' ? firstV2TypeVersion(name) : typeVersionBeforeV2(name);
}

/** A node's first typeVersion built for API v2. */
function firstV2TypeVersion(name: string): number {
	const first = FIRST_V2_NODE_VERSION[name];
	if (first === undefined) throw new Error(`${name} has no API v2 version`);
	return first;
}

/**
 * A node's newest typeVersion built before API v2 (it speaks v1 by itself while the package has
 * v1, and stays in saved workflows after): a node version, not an API version, so it outlives v1.
 */
export const typeVersionBeforeV2 = (name: string): number => firstV2TypeVersion(name) - 1;

/** A v1 path as the version sends it: '/v1/businesses' on v1, '/v2/businesses' on v2. */
export const pathOn = (api: ApiVersion, v1Path: string): string => v1Path.replace(/^\/v1\//, `/${api}/`);
