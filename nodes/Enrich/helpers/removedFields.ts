/**
 * What an API version no longer returns for the enrichments of a run (its dialect's removedFields:
 * v2's V2_REMOVED_FIELDS), said once per run in words: the output keeps v1's shape, without these
 * fields, never with invented values.
 */
import { type ApiVersion, catalogFor, dialectFor, type EndpointDefinition } from '../../shared/api';
import type { Enrichment } from './enrichments';

/** An enrichment's path below the version prefix, without /enrich ("prospects/contact_information"), as removedFields names it. */
function segmentOf(enrichment: Enrichment, version: ApiVersion): string {
	const catalog: Readonly<Record<string, EndpointDefinition>> = catalogFor(version);
	const path = Object.hasOwn(catalog, enrichment.endpoint) ? catalog[enrichment.endpoint].path : '';
	return path.replace(`/${version}/`, '').replace(/\/enrich$/, '');
}

/** The notice for the selected enrichments, or undefined when the version removed none of their fields. */
export function removedFieldsNotice(selected: readonly Enrichment[], version: ApiVersion): string | undefined {
	const table = dialectFor(version).enrichments.removedFields;
	const parts = selected.flatMap((enrichment) => {
		const segment = segmentOf(enrichment, version);
		const removed = Object.hasOwn(table, segment) ? table[segment] : [];
		return removed.length > 0 ? [`${enrichment.name}: ${removed.join(', ')}`] : [];
	});
	if (parts.length === 0) return undefined;
	return `API ${version} no longer returns these fields, so they are missing from the output: ${parts.join('; ')}.`;
}
