/** One prospect or business to match, as both API versions take it (the bodies: match.ts, v1's in ../../v1/schemas.ts). */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { businessIdSchema, checkedText, FULL_NAME_PATTERN, isDomainName, isEmailAddress, isWebUrl, PHONE_PATTERN, requestContext } from './fields';

/** One element of prospects_to_match: at least one fetcher; name and company only together. */
export const matchItemSchema = z
	.object({
		business_id: businessIdSchema.optional(),
		full_name: z
			.string()
			.min(LIMITS.fullNameLength.min, `must be ${LIMITS.fullNameLength.min} to ${LIMITS.fullNameLength.max} characters`)
			.max(LIMITS.fullNameLength.max, `must be ${LIMITS.fullNameLength.min} to ${LIMITS.fullNameLength.max} characters`)
			.regex(FULL_NAME_PATTERN, 'may contain only letters, spaces, dots and hyphens (no apostrophes, digits or other signs)')
			.optional(),
		company_name: z
			.string()
			.min(1, 'must not be empty')
			.max(LIMITS.companyNameLength, `must be at most ${LIMITS.companyNameLength} characters`)
			.optional(),
		email: checkedText(LIMITS.emailLength, isEmailAddress, 'must be an email address').optional(),
		phone_number: z
			.string()
			.regex(PHONE_PATTERN, 'must be in international form: a plus sign, the country calling code, then 1 to 12 digits')
			.optional(),
		profnet: checkedText(
			LIMITS.profileUrlLength,
			isWebUrl,
			'must be a profile URL: a web address (http or https) such as https://www.example.com/in/jane-doe',
		).optional(),
	})
	.strict()
	.superRefine((item, ctx) => {
		if (item.full_name !== undefined && item.company_name === undefined) {
			ctx.addIssue({ code: 'custom', path: ['company_name'], message: 'is required when full_name is given' });
		}
		if (item.company_name !== undefined && item.full_name === undefined) {
			ctx.addIssue({ code: 'custom', path: ['full_name'], message: 'is required when company_name is given' });
		}
		const hasFetcher =
			item.email !== undefined ||
			item.phone_number !== undefined ||
			item.profnet !== undefined ||
			(item.full_name !== undefined && item.company_name !== undefined);
		// a lone full_name or company_name is already reported above: no second message for it
		if (!hasFetcher && item.full_name === undefined && item.company_name === undefined) {
			ctx.addIssue({
				code: 'custom',
				path: [],
				message:
					'needs at least one of email, phone_number, profnet, or full_name together with company_name',
			});
		}
	});

export type MatchItem = z.infer<typeof matchItemSchema>;

/** prospects_to_match of at most `max` prospects: the versions' limits differ (v1 40, v2 50). */
export const prospectsToMatch = (max: number) =>
	z.array(matchItemSchema).min(1, 'must hold at least 1 prospect').max(max, `must hold at most ${max} prospects`);

/** The fields of one element of businesses_to_match, in the order the reference lists them. */
export const BUSINESS_MATCH_FIELDS = ['name', 'domain', 'url', 'profnet_url'] as const;

/** One element of businesses_to_match: every field optional, at least one given. */
export const businessMatchItemSchema = z
	.object({
		name: z
			.string()
			.min(1, 'must not be empty')
			.max(LIMITS.companyNameLength, `must be at most ${LIMITS.companyNameLength} characters`)
			.optional(),
		domain: checkedText(LIMITS.domainLength, isDomainName, 'must be a domain name such as example.com').optional(),
		url: checkedText(
			LIMITS.profileUrlLength,
			isWebUrl,
			'must be a web address (http or https) such as https://www.example.com',
		).optional(),
		profnet_url: checkedText(
			LIMITS.profileUrlLength,
			isWebUrl,
			'must be a profile URL: a web address (http or https) such as https://www.example.com/company/acme',
		).optional(),
	})
	.strict()
	.superRefine((item, ctx) => {
		if (BUSINESS_MATCH_FIELDS.every((field) => item[field] === undefined)) {
			ctx.addIssue({ code: 'custom', path: [], message: 'needs at least one of name, domain, url or profnet_url' });
		}
	});

export type BusinessMatchItem = z.infer<typeof businessMatchItemSchema>;

/** A match request for businesses, as both versions take it (v2 refuses unknown keys at the top: match.ts). */
export const matchBusinessesFields = z.object({
	businesses_to_match: z
		.array(businessMatchItemSchema)
		.min(1, 'must hold at least 1 business')
		.max(LIMITS.businessMatchItems, `must hold at most ${LIMITS.businessMatchItems} businesses`),
	request_context: requestContext,
});
