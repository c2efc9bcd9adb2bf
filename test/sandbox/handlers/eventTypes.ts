/**
 * The event type lists are open in the contract, but the service rejects a type it does not know
 * (yet) like any enumeration member. The known types are the catalog's.
 */
import { notEnumMember, type ValidationDetail, validationError } from '../errors';

export function unknownEventTypes(types: readonly string[], permitted: readonly string[]): ValidationDetail[] {
	const known = new Set(permitted);
	return types.flatMap((type, index) => (known.has(type) ? [] : [notEnumMember(['event_types', index], permitted)]));
}

export function assertKnownEventTypes(types: readonly string[], permitted: readonly string[]): void {
	const problems = unknownEventTypes(types, permitted);
	if (problems.length) throw validationError(problems);
}
