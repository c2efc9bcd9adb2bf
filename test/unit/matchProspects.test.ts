/**
 * Narrow logic of Match Prospects: how a parameter value becomes a field of the match object,
 * and the shape of an output item. The node itself runs in test/engine and test/e2e.
 */
import { validateItem } from '../../nodes/shared/batching/validate';
import { matchItemSchema } from '../../nodes/shared/api';
import { buildMatchEntry, cleanFieldValue, MATCH_FIELDS, readMatchEntry } from '../../nodes/MatchProspects/helpers/fields';
import { readsOwnField } from '../../nodes/shared/parameters';
import { MatchProspects } from '../../nodes/MatchProspects/MatchProspects.node';
import { matchOutput } from '../../nodes/MatchProspects/helpers/output';
import { TEST_NODE } from './support/fakeContext';

describe('Match Prospects: field values', () => {
	it.each([undefined, null, '', '   ', '\t\n'])('omits %p (never sent as "")', (value) => {
		for (const field of MATCH_FIELDS) expect(cleanFieldValue(field, value)).toBeUndefined();
	});

	it('trims text and turns numbers into text', () => {
		expect(cleanFieldValue('email', '  jane@example.com ')).toBe('jane@example.com');
		expect(cleanFieldValue('phone_number', 4915112345678)).toBe('4915112345678');
	});

	it('removes spaces, dashes, dots, slashes and brackets from phone numbers only', () => {
		expect(cleanFieldValue('phone_number', '+1 (415) 555-01.23')).toBe('+14155550123');
		expect(cleanFieldValue('phone_number', '+49 30/1234567')).toBe('+49301234567');
		expect(cleanFieldValue('full_name', 'Jean-Luc  Picard')).toBe('Jean-Luc  Picard');
	});

	it('leaves other types for validation to name', () => {
		expect(cleanFieldValue('email', ['a@b.co'])).toEqual(['a@b.co']);
		expect(cleanFieldValue('email', true)).toBe(true);
	});

	it('builds the match object from the fields that hold a value, in contract order', () => {
		const row: Record<string, unknown> = { email: 'a@b.co', phone_number: '', profnet: null, full_name: 'Jane Doe', company_name: 'Acme' };
		const entry = buildMatchEntry((field) => row[field]);
		expect(entry).toEqual({ email: 'a@b.co', full_name: 'Jane Doe', company_name: 'Acme' });
		expect(Object.keys(entry)).toEqual(['email', 'full_name', 'company_name']);
	});

	it('tells AI agents what goes in and what comes out, not batch limits', () => {
		expect(new MatchProspects().description.description).toBe(
			'Find the prospect ID of each contact from email, phone, profile URL, or full name and company; adds prospect_id, null when there is no match',
		);
	});

	it('every parameter defaults to the input item field of the same name', () => {
		const properties = new MatchProspects().description.properties;
		// normal mode: tool mode's parameters (shown with '@tool') are tested in toolMode.test.ts
		const defaults = properties.filter((p) => p.type === 'string' && !p.displayOptions?.show?.['@tool']).map((p) => p.default);
		expect(defaults).toEqual(MATCH_FIELDS.map(readsOwnField));
		expect(readsOwnField('email')).toBe('={{ $json.email ?? "" }}');
	});
});

describe('Match Prospects: validation messages name item, field and rule', () => {
	const check = (value: Record<string, unknown>, itemIndex = 7) => () =>
		validateItem(TEST_NODE, matchItemSchema, buildMatchEntry((field) => value[field]), itemIndex);

	it.each([
		[{ full_name: 'Jane Doe' }, 'Item 7: company_name is required when full_name is given'],
		[{ company_name: 'Acme' }, 'Item 7: full_name is required when company_name is given'],
		[{ phone_number: '0151 2345' }, 'Item 7: phone_number must be in international form'],
		[{ email: 'a@b.co', business_id: 'a'.repeat(33) }, 'Item 7: business_id must be 32 lowercase hexadecimal characters'],
		[{ email: 'not an email' }, 'Item 7: email must be an email address'],
		[{ full_name: 'J4ne', company_name: 'Acme' }, 'Item 7: full_name may contain only letters'],
		[{ full_name: 'x'.repeat(98), company_name: 'Acme' }, 'Item 7: full_name must be 1 to 97 characters'],
		[{ email: '', phone_number: '  ' }, 'Item 7: the item needs at least one of email, phone_number, profnet'],
	])('%p', (row, message) => {
		expect(check(row)).toThrow(message);
	});

	it('accepts each fetcher alone and name with company', () => {
		for (const row of [
			{ email: 'jane@example.com' },
			{ phone_number: '+1 415 555 0123' },
			{ profnet: 'https://www.example.com/in/jane' },
			{ full_name: 'Jane M. Doe-Smith', company_name: 'Acme' },
			{ email: 'jane@example.com', business_id: 'a'.repeat(32) },
		]) {
			expect(check(row)).not.toThrow();
		}
	});
});

describe('Match Prospects: an invalid name/company pair next to another fetcher', () => {
	const rule = 'may contain only letters, spaces, dots and hyphens (no apostrophes, digits or other signs)';

	it("leaves out the pair when the email can still match, and says so", () => {
		const read = readMatchEntry(TEST_NODE, { email: 'conan@example.com', full_name: "Conan O'Brien", company_name: 'Acme' }, 4);
		expect(read.entry).toEqual({ email: 'conan@example.com' });
		expect(read.warnings).toEqual([`full_name and company_name not sent, matched on the other fields: full_name ${rule}`]);
	});

	it('leaves out a name without its company when a phone number is given', () => {
		const read = readMatchEntry(TEST_NODE, { phone_number: '+14155550123', full_name: 'Jane Doe' }, 0);
		expect(read.entry).toEqual({ phone_number: '+14155550123' });
		expect(read.warnings).toEqual([
			'full_name not sent, matched on the other fields: company_name is required when full_name is given',
		]);
	});

	it('fails the item when the pair is its only fetcher, naming the apostrophe rule', () => {
		expect(() => readMatchEntry(TEST_NODE, { full_name: "Conan O'Brien", company_name: 'Acme' }, 4)).toThrow(
			`Item 4: full_name ${rule}`,
		);
	});

	it('fails the item when another field is invalid too', () => {
		expect(() =>
			readMatchEntry(TEST_NODE, { email: 'not an email', full_name: "O'Brien", company_name: 'Acme' }, 2),
		).toThrow(`Item 2: full_name ${rule}; email must be an email address`);
	});

	it('keeps a valid item as it is, without warnings', () => {
		const entry = { email: 'a@b.co', full_name: 'Jane Doe', company_name: 'Acme' };
		expect(readMatchEntry(TEST_NODE, entry, 0)).toEqual({ entry, warnings: [] });
	});

	it('puts the warnings on the output item', () => {
		expect(matchOutput({}, { prospect_id: 'p1', input: {} }, { email: 'a@b.co' }, false, ['w'])).toEqual({
			prospect_id: 'p1',
			matched: true,
			match_input: { email: 'a@b.co' },
			warnings: ['w'],
		});
	});
});

describe('Match Prospects: output item', () => {
	const echo = { business_id: null, full_name: null, company_name: null, email: 'a@b.co', phone_number: null, profnet: null };

	const sent = { email: 'a@b.co' };

	it('keeps the input fields and lets the match result win a name collision; a column named input stays', () => {
		const row = { name: 'Row 1', email: 'a@b.co', prospect_id: 'stale', matched: 'yes', input: 'web form' };
		const json = matchOutput(row, { input: echo, prospect_id: 'p1' }, sent, true);
		expect(json).toEqual({ name: 'Row 1', email: 'a@b.co', input: 'web form', prospect_id: 'p1', matched: true, match_input: sent });
		expect(matchOutput(row, { input: echo, prospect_id: null }, sent, true)).toMatchObject({ prospect_id: null, matched: false });
	});

	it('without input fields holds the result only, prospect_id first; what was sent without nulls, not the echo', () => {
		const json = matchOutput({ email: 'a@b.co' }, { input: echo, prospect_id: null, score: 0.3 }, sent, false);
		expect(json).toEqual({ prospect_id: null, matched: false, match_input: { email: 'a@b.co' }, score: 0.3 });
		expect(Object.keys(json)).toEqual(['prospect_id', 'matched', 'match_input', 'score']);
		expect(json.match_input).not.toBe(sent);
	});

	it('treats a missing or empty prospect_id as no match', () => {
		expect(matchOutput({}, { input: echo }, sent, false)).toMatchObject({ prospect_id: null, matched: false });
		expect(matchOutput({}, { input: echo, prospect_id: '' }, sent, false)).toMatchObject({ prospect_id: null, matched: false });
	});
});
