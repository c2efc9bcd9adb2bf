/**
 * Search Businesses' include_operating_locations (v2-migration-research.md §4). v1 has no such
 * filter and includes a business's operating locations [I: the research infers it]; v2 takes it
 * and leaves them out unless told otherwise. So the node sends on v2 the value the user sees
 * (Include Operating Locations, on by default as v1 behaves; node versions without the parameter
 * send on), and on v1 refuses "off", which v1 cannot do.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { type ApiVersion, dialectFor } from '../api';
import { describeType } from '../inputRules';

export const OPERATING_LOCATIONS_FILTER = 'include_operating_locations';
const PARAMETER = 'includeOperatingLocations';

/** The parameter of Search Businesses' v2 node version, shown for both operations and both filter sources. */
export const includeOperatingLocations: INodeProperties = {
	displayName: 'Include Operating Locations',
	name: PARAMETER,
	type: 'boolean',
	default: true,
	description:
		'Whether location filters (countries, regions, cities) also match the places a business operates from, not only its headquarters. The node always sends this setting, because API v2 leaves operating locations out when it is not sent.',
};

/** Reads a node parameter of the item being read, with a default when the node version has none. */
export type ParameterReader = (name: string, fallback: unknown) => unknown;

/** The business filters in the words of `version`, with include_operating_locations as described above. */
export function businessFiltersOn(
	filters: IDataObject,
	version: ApiVersion,
	read: ParameterReader,
): { filters: IDataObject; problems: string[] } {
	const include = read(PARAMETER, true);
	if (typeof include !== 'boolean') {
		return { filters, problems: [`Include Operating Locations must be true or false, got ${describeType(include)}`] };
	}
	if (dialectFor(version).search.operatingLocationsAlways) {
		const problems = include ? [] : ['Include Operating Locations: API v1 always includes them. Turn it on, or set API Version to v2 in the credential'];
		return { filters, problems };
	}
	// a value typed in Filters (JSON) is the user's own
	if (Object.hasOwn(filters, OPERATING_LOCATIONS_FILTER)) return { filters, problems: [] };
	return { filters: { ...filters, [OPERATING_LOCATIONS_FILTER]: { value: include } }, problems: [] };
}
