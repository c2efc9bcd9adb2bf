/**
 * The search filters one API version has and the other lacks (docs/v2-migration.md, "The search
 * filters of issue 21"). A filter the version in use lacks is never sent (v2 refuses unknown keys
 * with 422) and never dropped (the search would widen without a word): the item fails before any
 * request, naming the filter and the version that has it. Event types in the events filter are
 * written in the version's names, as the event nodes send them.
 */
import type { IDataObject } from 'n8n-workflow';

import { type ApiVersion, v1EventType, v2EventType } from '../api';

const OTHER: Record<ApiVersion, ApiVersion> = { v1: 'v2', v2: 'v1' };

/** The events filter's types in the words of `version` (a v1 name typed on v2, or the reverse, is read as meant). */
export function eventNamesOn(filters: IDataObject, version: ApiVersion): IDataObject {
	const events = filters.events as IDataObject | undefined;
	if (!events || typeof events !== 'object' || !Array.isArray(events.values)) return filters;
	const name = version === 'v2' ? v2EventType : v1EventType;
	const values = [...new Set(events.values.map((type) => (typeof type === 'string' ? name(type.trim()) : type)))];
	return { ...filters, events: { ...events, values } };
}

/**
 * The filters of `filters` that `version` does not take but the other version does, as problems
 * in the user's words (`label` names a filter as the form or Filters (JSON) shows it).
 */
export function filtersOnOtherVersionOnly(
	filters: IDataObject,
	version: ApiVersion,
	names: { own: readonly string[]; other: readonly string[] },
	label: (filter: string) => string,
): string[] {
	const other = OTHER[version];
	return Object.keys(filters)
		.filter((name) => !names.own.includes(name) && names.other.includes(name))
		.map(
			(name) =>
				`${label(name)} exists on API ${other} only: remove it, or set API Version to ${other} in the credential`,
		);
}
