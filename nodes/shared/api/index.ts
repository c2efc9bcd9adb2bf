/**
 * The door to the service's API versions: one wing per version, and nothing outside nodes/shared/api
 * reaches into a wing but through this file. v2, the package's own language, is re-exported whole
 * under unmarked names; v1, the legacy version, only by name (its names carry V1), so that retiring
 * it is deleting ./v1 and the lines below that name it (docs/development.md, "Retiring API v1").
 *
 * The endpoint catalogs feed one engine: transport reads method and path, the batching engine reads
 * the batch key, limit and where results live (it requests each id of an id-joined endpoint once,
 * which also meets the contract's uniqueness rules), validation reads the schemas, and the sandbox
 * serves exactly these routes. Each node run picks its catalog by its API version
 * (transport/apiVersion.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Dialect } from './dialect';
import { ENDPOINTS, type EndpointName } from './v2/catalog';
import { DIALECT } from './v2/dialect';
import { V1_ENDPOINTS, type V1EndpointName } from './v1/catalog';
import { V1_DIALECT } from './v1/dialect';
import type { ApiVersion } from './versions';

export * from './versions';
export type { Dialect, VersionLimits } from './dialect';
export * from './v2/catalog';
export * from './v2/catalog/jobs';
export * from './v2/catalog/types';
export * from './v2/limits';
export * from './v2/registration';
export * from './v2/registrationModel';
export * from './v2/renames';
export * from './v2/schemas';
export * from './v2/vocabulary';

export { V1_ENDPOINTS, type V1EndpointName } from './v1/catalog';
export { V1_LIMITS } from './v1/limits';
export * from './v1/schemas';

/** Each version's endpoint names. */
export interface EndpointNames {
	v1: V1EndpointName;
	v2: EndpointName;
}

/** An operation's name on any version (a name both versions serve is the same operation). */
export type OperationName = EndpointNames[ApiVersion];
/** An operation every version serves, under the same name: the names all versions' catalogs share. */
export type CommonOperationName = { [V in ApiVersion]: (name: EndpointNames[V]) => void }[ApiVersion] extends (name: infer Name) => void
	? Name & string
	: never;

const CATALOGS = {
	v1: V1_ENDPOINTS,
	v2: ENDPOINTS,
} as const;

export function catalogFor<V extends ApiVersion>(version: V): (typeof CATALOGS)[V] {
	return CATALOGS[version];
}

const DIALECTS: Readonly<Record<ApiVersion, Dialect>> = {
	v1: V1_DIALECT,
	v2: DIALECT,
};

/** What a version does its own way: the one place the package asks which version it speaks. */
export function dialectFor(version: ApiVersion): Dialect {
	return DIALECTS[version];
}

/** The catalog name of an operation on a version (the same name, unless the version merged it into another). */
export const operationOn = (version: ApiVersion, name: string): string => DIALECTS[version].wire.operation(name);

/** A request body in the version's words (event types under the version's names). */
export const toWire = (version: ApiVersion, body: IDataObject | undefined): IDataObject | undefined => DIALECTS[version].wire.out(body);

/** An answer of the version in the package's words (v1's names on every version). */
export const fromWire = <T>(version: ApiVersion, answer: T): T => DIALECTS[version].wire.in(answer);
