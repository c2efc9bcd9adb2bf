/**
 * What enrichJobTexts.test.ts and enrichJobTexts.v1.test.ts share: Enrich's async job texts and
 * Search Businesses' tool text, loaded afresh with a prospect limit unlike the business one (and an
 * event window of 60 days), as the catalog would give them. LIMITS is changed in v2's limits file
 * itself, before anything loads the door: the catalogs behind the door read it when they load.
 */
export const withLimits = (prospectEnrichIds: number) => {
	let loaded: typeof import('../../nodes/Enrich/helpers/asyncJobs') | undefined;
	let tool: typeof import('../../nodes/SearchBusinesses/actions/searchTool') | undefined;
	jest.isolateModules(() => {
		const { LIMITS } = require('../../nodes/shared/api/v2/limits') as typeof import('../../nodes/shared/api/v2/limits');
		Object.assign(LIMITS, { prospectEnrichIds, eventWindowDays: 60 });
		loaded = require('../../nodes/Enrich/helpers/asyncJobs');
		tool = require('../../nodes/SearchBusinesses/actions/searchTool');
	});
	return { asyncJobs: loaded!, tool: tool! };
};
