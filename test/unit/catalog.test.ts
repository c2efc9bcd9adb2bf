import { matchItemSchema } from '../../nodes/shared/api';

describe('request schemas', () => {
	const firstIssue = (result: { success: boolean; error?: { issues: Array<{ path: unknown[]; message: string }> } }) =>
		result.success ? undefined : { path: result.error!.issues[0].path, message: result.error!.issues[0].message };

	it('accepts each single fetcher and name with company', () => {
		for (const item of [
			{ email: 'a@b.co' },
			{ phone_number: '+14155550100' },
			{ profnet: 'https://profiles.example.com/in/jane' },
			{ full_name: 'Jane O. Doe-Smith', company_name: 'Acme' },
			{ full_name: 'José Müller', company_name: 'Acme', business_id: 'a'.repeat(32) },
		]) {
			expect(matchItemSchema.safeParse(item).success).toBe(true);
		}
	});

	it.each([
		[{}, [], 'needs at least one of email, phone_number, profnet, or full_name together with company_name'],
		[{ full_name: 'Jane Doe' }, ['company_name'], 'is required when full_name is given'],
		[{ company_name: 'Acme' }, ['full_name'], 'is required when company_name is given'],
		[{ phone_number: '4155550100' }, ['phone_number'], 'must be in international form: a plus sign, the country calling code, then 1 to 12 digits'],
		[{ email: 'a@b.co', business_id: 'A'.repeat(32) }, ['business_id'], 'must be 32 lowercase hexadecimal characters'],
		[{ email: 'a@b.co', business_id: 'a'.repeat(33) }, ['business_id'], 'must be 32 lowercase hexadecimal characters'],
		[{ full_name: 'x'.repeat(98), company_name: 'Acme' }, ['full_name'], 'must be 1 to 97 characters'],
		[
			{ full_name: 'R2-D2', company_name: 'Acme' },
			['full_name'],
			'may contain only letters, spaces, dots and hyphens (no apostrophes, digits or other signs)',
		],
		[{ full_name: 'Jane', company_name: 'x'.repeat(257) }, ['company_name'], 'must be at most 256 characters'],
		[{ profnet: `https://x.example.com/${'a'.repeat(2048)}` }, ['profnet'], 'must be at most 2048 characters'],
	])('rejects %j at %j: %s', (item, path, message) => {
		expect(firstIssue(matchItemSchema.safeParse(item))).toEqual({ path, message });
	});
});
