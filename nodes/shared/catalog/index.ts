/**
 * The endpoint catalogs, one per API version, feeding the same engine: transport reads method
 * and path, the batching engine reads the batch key, limit and where results live (it requests
 * each id of an id-joined endpoint once, which also meets the contract's uniqueness rules),
 * validation reads the schemas, and the sandbox serves exactly these routes.
 *
 * Each node run picks its catalog by its API version (transport/apiVersion.ts). ENDPOINTS and
 * EndpointName are v1's, for the code that only v1 has (the partner webhook of Manage Webhook 1).
 */
import { V1_ENDPOINTS, type V1EndpointName } from './v1';
import { V2_ENDPOINTS, type V2EndpointName } from './v2';

export type { EndpointBatch, EndpointDefinition, EndpointMeter, ResultJoin } from './types';
export { V1_ENDPOINTS, type V1EndpointName } from './v1';
export { V2_ENDPOINTS, type V2EndpointName } from './v2';
export { isJobOperation, jobOperationOf, type JobControlName, type JobOperationName } from './v2Jobs';

export const API_VERSIONS = ['v1', 'v2'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

/** Each version's endpoint names. */
export interface EndpointNames {
	v1: V1EndpointName;
	v2: V2EndpointName;
}

const CATALOGS = { v1: V1_ENDPOINTS, v2: V2_ENDPOINTS } as const;

export function catalogFor<V extends ApiVersion>(version: V): (typeof CATALOGS)[V] {
	return CATALOGS[version];
}

export type EndpointName = V1EndpointName;
export const ENDPOINTS = V1_ENDPOINTS;
