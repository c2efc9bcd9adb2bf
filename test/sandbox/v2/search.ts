/**
 * POST /v2/businesses, POST /v2/prospects and their statistics: the v1 selection of the same
 * universe, narrowed by the filters v2 adds, cursor-paged (v2-migration-research.md §4, §5,
 * §11, §12). `searchShift` is not applied: it simulates page numbers going stale, which an
 * opaque cursor is there to avoid.
 */
import type { z } from 'zod/v3';

import { type businessFiltersV2, type businessStatsBody, type prospectFiltersV2, type prospectStatsBody, type searchBusinessesBody, type searchProspectsBody, v1EventType } from '../../../nodes/shared/api';
import type { HandlerContext, Reply } from '../handlers/context';
// the record forms are v1's: both versions reference the same Business schema (research §4)
import { full as businessFull, preview as businessPreview } from '../handlers/businessRecords';
import { prospectPreview, prospectRecord, type SearchableProspect, type SearchFilters } from '../universe';
import { type FacetFilters, matchesFilters } from '../universe/filters';
import { interestsOf } from '../universe/prospectSearch';
import { businessStats, prospectStats, type ProspectSearchFilters } from '../universe/prospectSearch';
import { responseContextV2 } from './context';
import { serveCursorPage } from './cursor';

type BusinessFilters = z.infer<typeof businessFiltersV2>;
type ProspectFilters = z.infer<typeof prospectFiltersV2>;

/**
 * The businesses v2 selects: v1's selection (the events filter's types read in v1's names, as the
 * universe's event log holds them), narrowed by what v2 adds. include_operating_locations is
 * accepted and changes nothing: the sandbox's businesses have one location each, their headquarters.
 */
export function selectBusinessesV2(ctx: HandlerContext, filters: BusinessFilters = {}, exclude?: readonly string[]) {
	const { business_id: ids, is_public_company: isPublic, include_operating_locations: _locations, ...v1Filters } = filters;
	const shared = (
		v1Filters.events ? { ...v1Filters, events: { ...v1Filters.events, values: v1Filters.events.values.map(v1EventType) } } : v1Filters
	) as SearchFilters;
	return ctx.universe
		.searchBusinesses(shared, exclude, ctx.now.getTime())
		.filter(
			(business) =>
				(ids === undefined || ids.values.includes(business.business_id)) &&
				(isPublic === undefined || business.public_company === isPublic.value),
		);
}

/** Whether any wanted value is among a prospect's (case aside). */
const anyOf = (wanted: readonly string[], own: readonly string[]) => {
	const lower = own.map((value) => value.toLowerCase());
	return wanted.some((value) => lower.includes(value.trim().toLowerCase()));
};

const CONTACT_RULES = {
	email: (email: boolean) => email,
	phone: (_email: boolean, phone: boolean) => phone,
	email_and_phone: (email: boolean, phone: boolean) => email && phone,
	email_or_phone: (email: boolean, phone: boolean) => email || phone,
} as const;

/** The prospects v2 selects; company filters read the prospect's company, as in v1. */
export function selectProspectsV2(ctx: HandlerContext, filters: ProspectFilters = {}, exclude?: readonly string[]) {
	const {
		prospect_id: ids,
		has_contact_details: contact,
		company_age: age,
		company_number_of_locations: locations,
		is_public_company: isPublic,
		skills,
		interests,
		...v1Filters
	} = filters;
	const company: FacetFilters = { ...(age && { company_age: age }), ...(locations && { number_of_locations: locations }) };
	return ctx.universe
		.searchProspects(v1Filters as ProspectSearchFilters, exclude)
		.filter(
			(entry: SearchableProspect) =>
				(ids === undefined || ids.values.includes(entry.prospect.prospect_id)) &&
				(contact === undefined || CONTACT_RULES[contact.value](entry.facets.has_email, entry.facets.has_phone_number)) &&
				(isPublic === undefined || entry.business.public_company === isPublic.value) &&
				(skills === undefined || anyOf(skills.values, entry.facets.skills)) &&
				(interests === undefined || anyOf(interests.values, interestsOf(ctx.universe.seed, entry.prospect.prospect_id))) &&
				matchesFilters(entry.business, company),
		);
}

type SearchKind = 'businesses' | 'prospects';

function searchAnswer<T>(
	ctx: HandlerContext,
	kind: SearchKind,
	selected: readonly T[],
	body: z.infer<typeof searchBusinessesBody>,
	serve: (record: T) => unknown,
): Reply {
	const { mode, filters, exclude } = body;
	// the search a cursor belongs to: which one, and all that selects or shapes its records
	const { records, total, nextCursor } = serveCursorPage(selected, body, { kind, mode, filters, exclude });
	return {
		body: {
			response_context: responseContextV2(ctx),
			data: records.map(serve),
			total_results: total,
			// [I] page.size echoes the page size asked for (the research names the field only)
			page: { size: body.page_size, next_cursor: nextCursor },
		},
	};
}

export function searchBusinessesV2(body: z.infer<typeof searchBusinessesBody>, ctx: HandlerContext): Reply {
	const selected = selectBusinessesV2(ctx, body.filters, body.exclude);
	return searchAnswer(ctx, 'businesses', selected, body, body.mode === 'preview' ? businessPreview : businessFull);
}

export function searchProspectsV2(body: z.infer<typeof searchProspectsBody>, ctx: HandlerContext): Reply {
	const selected = selectProspectsV2(ctx, body.filters, body.exclude);
	return searchAnswer(
		ctx,
		'prospects',
		selected,
		body as z.infer<typeof searchBusinessesBody>,
		body.mode === 'preview' ? prospectPreview : prospectRecord,
	);
}

export function businessStatsV2(body: z.infer<typeof businessStatsBody>, ctx: HandlerContext): Reply {
	const stats = businessStats(selectBusinessesV2(ctx, body.filters), body.filters as SearchFilters);
	return { body: { response_context: responseContextV2(ctx), ...stats } };
}

export function prospectStatsV2(body: z.infer<typeof prospectStatsBody>, ctx: HandlerContext): Reply {
	const stats = prospectStats(selectProspectsV2(ctx, body.filters), body.filters as ProspectSearchFilters);
	return { body: { response_context: responseContextV2(ctx), ...stats } };
}
