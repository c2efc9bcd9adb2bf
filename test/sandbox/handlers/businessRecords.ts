/** The two shapes of a served business: the preview and the full record (both versions' searches serve them). */
import type { BusinessPreview, BusinessRecord, SandboxBusiness } from '../universe';

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
