/**
 * API v1's search body is checked against the node version's own cap on `size` when it is below
 * the service's (Search Prospects 1: 10,000 of v1's 60,000), from the cap itself, not by
 * recognising one known value.
 */
import type { IDataObject } from 'n8n-workflow';

import { dialectFor, LIMITS } from '../../nodes/shared/api';
import { readSearchRequest } from '../../nodes/shared/search/searchRequest';
import { parametersContext } from './support/parametersContext';

const page = { mode: 'full', page_size: 100, page: 1 };
const sizeIssue = (schema: ReturnType<ReturnType<typeof dialectFor>['search']['pageBody']>, size: number) => {
	const parsed = schema.safeParse({ ...page, size });
	return parsed.success ? undefined : parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
};

describe("v1 page bodies follow the node version's cap", () => {
	const { pageBody } = dialectFor('v1').search;

	it("Search Prospects version 1: size up to its 10,000, not the service's 60,000", () => {
		const body = pageBody('searchProspects', LIMITS.prospectSearchSizeVersion1);
		expect(sizeIssue(body, 10_000)).toBeUndefined();
		expect(sizeIssue(body, 10_001)).toEqual(['size must be at most 10000']);
		expect(sizeIssue(body, 0)).toEqual(['size must be at least 1']);
	});

	it("a later node version: the service's own bound, the same schema as the catalog's", () => {
		const body = pageBody('searchProspects', LIMITS.searchTotal);
		expect(sizeIssue(body, 60_000)).toBeUndefined();
		expect(sizeIssue(body, 60_001)).toEqual(['size must be at most 60000']);
		expect(pageBody('searchBusinesses', LIMITS.searchTotal)).toBe(pageBody('searchBusinesses', LIMITS.searchSize.max));
	});

	it('any cap below the service bound applies, whatever its value (not one recognised number)', () => {
		expect(sizeIssue(pageBody('searchBusinesses', 2_500), 2_501)).toEqual(['size must be at most 2500']);
		expect(sizeIssue(pageBody('searchBusinesses', 2_500), 2_500)).toBeUndefined();
	});
});

it('a page-number search says its version, so the client never falls back on a default that moves', () => {
	const ctx = parametersContext({ mode: 'preview', returnAll: false, limit: 10, filterSource: 'fields', filters: {}, options: {} } as IDataObject);
	expect(readSearchRequest(ctx, 0, undefined, 'v1')).toMatchObject({ version: 'v1', endpoint: 'searchBusinesses', limit: 10 });
});
