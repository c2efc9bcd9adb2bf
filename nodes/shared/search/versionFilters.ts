/**
 * The search filters one API version has and the other lacks (docs/v2-migration.md, "The search
 * filters of issue 21"). A filter the version in use lacks is never sent (v2 refuses unknown keys
 * with 422) and never dropped (the search would widen without a word): the item fails before any
 * request, naming the filter and the version that has it. Event types in the events filter are
 * written in the version's names, as the event nodes send them.
 */
import type { IDataObject } from 'n8n-workflow';

import { type ApiVersion, dialectFor } from '../api';

/** The events filter's types in the words of `version` (a v1 name typed on v2, or the reverse, is read as meant). */
export function eventNamesOn(filters: IDataObject, version: ApiVersion): IDataObject {
	const events = filters.events as IDataObject | undefined;
	if (!events || typeof events !== 'object' || !Array.isArray(events.values)) return filters;
	const name = dialectFor(version).wire.eventType;
	const values = [...new Set(events.values.map((type) => (typeof type === 'string' ? name(type.trim()) : type)))];
	return { ...filters, events: { ...events, values } };
}

/**
 * The filters of `filters` that the version in use does not take but another version does, as
 * problems in the user's words (`label` names a filter as the form or Filters (JSON) shows it).
 */
export function filtersOnOtherVersionOnly(
	filters: IDataObject,
	names: { own: readonly string[]; others: ReadonlyArray<{ version: ApiVersion; names: readonly string[] }> },
	label: (filter: string) => string,
): string[] {
	return Object.keys(filters)
		.filter((name) => !names.own.includes(name))
		.flatMap((name) => {
			const other = names.others.find((version) => version.names.includes(name))?.version;
			return other === undefined
				? []
				: [`${label(name)} exists on API ${other} only: remove it, or set API Version to ${other} in the credential`];
		});
}
