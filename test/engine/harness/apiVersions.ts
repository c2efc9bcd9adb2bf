/**
 * Running a node's engine tests once per API version (describe.each(API_VERSIONS)): the node at
 * the typeVersion that speaks that version with the credential at "Per Node Version" (its newest
 * v1 version, or its v2 version), and the paths each version sends to.
 */
import type { ApiVersion } from '../../../nodes/shared/api';
import { FIRST_V2_NODE_VERSION } from '../../../nodes/shared/transport/apiVersion';

export const API_VERSIONS: readonly ApiVersion[] = ['v1', 'v2'];

/** The typeVersion of a node (its name, such as 'searchProspects') that speaks `api` by itself. */
export function typeVersionFor(name: string, api: ApiVersion): number {
	const first = FIRST_V2_NODE_VERSION[name];
	if (first === undefined) throw new Error(`${name} has no API v2 version`);
	return api === 'v2' ? first : first - 1;
}

/** A v1 path as the version sends it: '/v1/businesses' on v1, '/v2/businesses' on v2. */
export const pathOn = (api: ApiVersion, v1Path: string): string => v1Path.replace(/^\/v1\//, `/${api}/`);
