/**
 * API v1's cases of paginateV2.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Cursor paging of v2 searches, exactly: how many requests, with which bodies (page_size, the
 * previous answer's next_cursor, never size or page), and when paging stops (limit reached,
 * cursor null or absent, an empty page, the 60,000 cap). The first tests run over HTTP against
 * the sandbox; the stopping rules the sandbox never shows run against scripted answers.
 */
import type { IDataObject } from 'n8n-workflow';
import { readSearchRequest } from '../../nodes/shared/search/searchRequest';
import { BUSINESS_SEARCH_V2 } from '../../nodes/SearchBusinesses/helpers/versions';
import { PROSPECT_SEARCH } from '../../nodes/shared/search/prospectFilters';
import { type Sandbox, startSandbox } from '../sandbox';
import { parametersContext } from './support/parametersContext';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false, searchableProspects: 10_000 });
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.clearRequests());

describe('the v2 search body', () => {
	const parameters = (overrides: IDataObject = {}) =>
		parametersContext({ mode: 'preview', returnAll: false, limit: 50, filterSource: 'fields', filters: {}, options: {}, ...overrides });

	it('has_email / has_phone_number become has_contact_details on v2, and back on v1', () => {
		const json = (filters: IDataObject) => parameters({ filterSource: 'json', filtersJson: filters });
		const sent = (filters: IDataObject, version: 'v1' | 'v2') => readSearchRequest(json(filters), 0, PROSPECT_SEARCH, version).body.filters;
		expect(sent({ has_email: { value: true } }, 'v2')).toEqual({ has_contact_details: { value: 'email' } });
		expect(sent({ has_phone_number: { value: true } }, 'v2')).toEqual({ has_contact_details: { value: 'phone' } });
		expect(sent({ has_email: { value: true }, has_phone_number: { value: true } }, 'v2')).toEqual({ has_contact_details: { value: 'email_and_phone' } });
		expect(sent({ has_contact_details: { value: 'email_and_phone' } }, 'v1')).toEqual({ has_email: { value: true }, has_phone_number: { value: true } });
		expect(sent({ has_contact_details: { value: 'email' } }, 'v2')).toEqual({ has_contact_details: { value: 'email' } });
	});

	it('Include Operating Locations: sent as set on v2; off is refused on v1, which always includes them', () => {
		const off = parameters({ includeOperatingLocations: false });
		expect(readSearchRequest(off, 0, BUSINESS_SEARCH_V2, 'v2').body.filters).toEqual({ include_operating_locations: { value: false } });
		expect(() => readSearchRequest(off, 0, BUSINESS_SEARCH_V2, 'v1')).toThrow(
			'Item 0: Include Operating Locations: API v1 always includes them. Turn it on, or set API Version to v2 in the credential',
		);
		expect(readSearchRequest(parameters(), 0, BUSINESS_SEARCH_V2, 'v1').body).toEqual({ mode: 'preview', size: 50, page_size: 50, page: 1 });
	});
});
