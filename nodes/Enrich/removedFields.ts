/**
 * What API v2 no longer returns for the enrichments of a run (V2_REMOVED_FIELDS), said once per
 * run in words: the output keeps v1's shape, without these fields, never with invented values.
 */
import { catalogFor, type EndpointDefinition, V2_REMOVED_FIELDS } from '../shared/api';
import type { Enrichment } from './enrichments';

const V2_CATALOG: Readonly<Record<string, EndpointDefinition>> = catalogFor('v2');

/** An enrichment's v2 path below /v2, without /enrich ("prospects/contact_information"), as V2_REMOVED_FIELDS names it. */
function segmentOf(enrichment: Enrichment): string {
	const path = Object.hasOwn(V2_CATALOG, enrichment.endpoint) ? V2_CATALOG[enrichment.endpoint].path : '';
	return path.replace(/^\/v2\//, '').replace(/\/enrich$/, '');
}

/** The notice for the selected enrichments, or undefined when v2 removed none of their fields. */
export function removedFieldsNotice(selected: readonly Enrichment[]): string | undefined {
	const parts = selected.flatMap((enrichment) => {
		const segment = segmentOf(enrichment);
		const removed = Object.hasOwn(V2_REMOVED_FIELDS, segment) ? V2_REMOVED_FIELDS[segment] : [];
		return removed.length > 0 ? [`${enrichment.name}: ${removed.join(', ')}`] : [];
	});
	if (parts.length === 0) return undefined;
	return `API v2 no longer returns these fields, so they are missing from the output: ${parts.join('; ')}.`;
}
