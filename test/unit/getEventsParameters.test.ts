import { RESOURCES } from '../../nodes/GetEvents/actions/getEvents.operation';
import { BUSINESS_EVENT_TYPES, ENDPOINTS } from '../../nodes/shared/api';
import { combineEventTypes, eventTypeLabel, eventTypeOptions, splitFreeValues } from '../../nodes/shared/eventTypes';
import { parseIdList } from '../../nodes/shared/idList';

describe('IDs parameter (parseIdList)', () => {
	it.each([
		['a1', ['a1']],
		[' a1 , b2,,c3 ', ['a1', 'b2', 'c3']],
		['a1;b2\nc3\r\nd4\te5', ['a1', 'b2', 'c3', 'd4', 'e5']],
		// a space does not separate ids: "c3 d4" is one value (which a kind then refuses)
		['a1, c3 d4', ['a1', 'c3 d4']],
		[['a1', 'b2', 'a1'], ['a1', 'b2']],
		[['a1, b2', 'c3'], ['a1', 'b2', 'c3']],
		[[null, 'a1', undefined, ''], ['a1']],
		[42, ['42']],
		[undefined, []],
		[null, []],
		['', []],
	])('%p -> %p', (value, ids) => {
		expect(parseIdList(value)).toEqual({ ids });
	});

	it('explains values that are not ids', () => {
		expect(parseIdList({ id: 'a1' })).toEqual({
			error: 'must be an ID, a list of IDs or comma-separated IDs, got an object',
		});
		expect(parseIdList([['a1']])).toEqual({ error: 'must be an ID, a list of IDs or comma-separated IDs, got a list' });
		expect(parseIdList(true)).toEqual({ error: 'must be an ID, a list of IDs or comma-separated IDs, got a boolean (true)' });
	});

	it('checks business ids against the contract format, so "acme inc" is one bad value, never two ids', () => {
		const id = '0123456789abcdef0123456789abcdef';
		expect(parseIdList(`${id}, ${id}`, 'business')).toEqual({ ids: [id] });
		expect(parseIdList('acme inc', 'business')).toEqual({
			error: '"acme inc" is not a business ID: must be 32 lowercase hexadecimal characters',
		});
		expect(parseIdList([id, id.toUpperCase()], 'business')).toEqual({
			error: `"${id.toUpperCase()}" is not a business ID: must be 32 lowercase hexadecimal characters`,
		});
		expect(parseIdList(12345, 'business')).toEqual({
			error: '"12345" is not a business ID: must be 32 lowercase hexadecimal characters',
		});
	});

	it('checks other ids for spaces and length only, and cuts long values in messages', () => {
		expect(parseIdList('p-1, p_2', 'id')).toEqual({ ids: ['p-1', 'p_2'] });
		expect(parseIdList('p 1', 'id')).toEqual({
			error: '"p 1" is not an ID: must not contain spaces or control characters (separate IDs with commas, semicolons or line breaks)',
		});
		expect(parseIdList('x'.repeat(2_000_000), 'id')).toEqual({
			error: `"${'x'.repeat(40)}…" is not an ID: must be at most 256 characters`,
		});
	});
});

describe('event types', () => {
	it('labels types in Title Case with acronyms', () => {
		expect(eventTypeLabel('ipo_announcement')).toBe('IPO Announcement');
		expect(eventTypeLabel('new_funding_round')).toBe('New Funding Round');
		expect(eventTypeLabel('merger_and_acquisitions')).toBe('Merger and Acquisitions');
		expect(eventTypeLabel('hiring_in_human_resources_department')).toBe('Hiring in Human Resources Department');
	});

	it('offers every known business type once, sorted by label', () => {
		const options = eventTypeOptions(BUSINESS_EVENT_TYPES);
		expect(options.map((o) => o.value).sort()).toEqual([...BUSINESS_EVENT_TYPES].sort());
		const names = options.map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	it('adds free values after the selected ones, each once', () => {
		expect(splitFreeValues(' a, b;\nc ,, ')).toEqual(['a', 'b', 'c']);
		expect(combineEventTypes(['new_product', 'new_office'], 'company_award, new_product')).toEqual([
			'new_product',
			'new_office',
			'company_award',
		]);
		expect(combineEventTypes([], ['x_type', 'y_type'])).toEqual(['x_type', 'y_type']);
		expect(combineEventTypes(undefined, undefined)).toEqual([]);
	});
});

describe('the resources of Get Events on v2', () => {
	it("take their id list and id field from v2's events endpoint", () => {
		expect(Object.values(RESOURCES).map(({ endpoint, idsField, itemField }) => [endpoint, idsField, itemField])).toEqual([
			['getBusinessEvents', 'business_ids', 'business_id'],
			['getProspectEvents', 'prospect_ids', 'prospect_id'],
		]);
		for (const { endpoint, idsField, itemField } of Object.values(RESOURCES)) {
			expect([ENDPOINTS[endpoint].batch?.key, ENDPOINTS[endpoint].result?.join]).toEqual([idsField, { by: 'id', field: itemField }]);
		}
	});
});
