/** POST /v1/businesses: filter, exclude, cap at `size`, then page. */
import type { z } from 'zod/v3';

import type { searchBusinessesBodyV1 } from '../../../nodes/shared/api';
import { invalid, validationError } from '../errors';
import type { BusinessPreview, BusinessRecord, SandboxBusiness } from '../universe';
import { type HandlerContext, type Reply, responseContext } from './context';
import { servePage } from './paging';

type SearchBody = z.infer<typeof searchBusinessesBodyV1>;

export const preview = ({ business_id, name, domain, logo, country_name }: SandboxBusiness): BusinessPreview => ({
	business_id,
	name,
	domain,
	logo,
	country_name,
});

/** The served record: everything but what only the filters see. */
export const full = ({
	facets: _facets,
	metrics: _metrics,
	public_company: _public,
	...record
}: SandboxBusiness): BusinessRecord => record;

export function searchBusinesses(body: SearchBody, ctx: HandlerContext): Reply {
	// A cross-field rule of the real service (a model validator, hence loc ["body"]).
	if (body.size < body.page_size) {
		throw validationError([invalid([], "'size' must be greater than or equal to 'page_size'")]);
	}
	// `size` caps the records the whole search yields; pages are cut from that.
	const selected = ctx.universe.searchBusinesses(body.filters, body.exclude, ctx.now.getTime());
	const { records, total, page } = servePage(selected, body, ctx.searchShift);
	return {
		body: {
			response_context: responseContext(ctx),
			data: records.map(body.mode === 'preview' ? preview : full),
			total_results: total,
			page,
			total_pages: Math.ceil(total / body.page_size),
		},
	};
}
