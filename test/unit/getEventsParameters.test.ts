import { BUSINESS_EVENT_TYPES } from '../../nodes/shared/catalog';
import { combineEventTypes, eventTypeLabel, eventTypeOptions, splitFreeValues } from '../../nodes/shared/eventTypes';
import { parseIdList } from '../../nodes/shared/idList';

describe('IDs parameter (parseIdList)', () => {
	it.each([
		['a1', ['a1']],
		[' a1 , b2,,c3 ', ['a1', 'b2', 'c3']],
		['a1;b2\nc3 d4', ['a1', 'b2', 'c3', 'd4']],
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
		expect(parseIdList(true)).toEqual({ error: 'must be an ID, a list of IDs or comma-separated IDs, got boolean' });
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
