/**
 * The fields every request schema is built of (zod 3 API: zod reaches the node through n8n-workflow):
 * ids, event types, enrollment keys, e-mail addresses and web addresses. Limits come from
 * ../limits.ts. The nodes validate each item against the item schemas before sending; the sandbox
 * validates whole bodies and answers 422 exactly as the service does.
 */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';

export const BUSINESS_ID_PATTERN = /^[0-9a-f]{32}$/;

export const FULL_NAME_PATTERN = /^[\p{L} .-]+$/u;

export const PHONE_PATTERN = /^\+[1-9]\d{0,2}\d{1,12}$/;

export const DATE_OR_DATETIME_PATTERN =
	/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export const requestContext = z.record(z.unknown()).optional();

/** What a business id looks like, as the contract states it for matching (and the service uses everywhere). */
export const BUSINESS_ID_RULE = 'must be 32 lowercase hexadecimal characters';

/** Whitespace and control characters: never part of an id (they separate ids, or are noise). */
export const ID_NOISE = /[\s\p{Cc}]/u;

/** A non-empty id string (prospect, enrollment): the contract gives these no format. */
export const idSchema = z
	.string()
	.trim()
	.min(1, 'must not be empty')
	.max(LIMITS.idLength, `must be at most ${LIMITS.idLength} characters`)
	.refine((id) => !ID_NOISE.test(id), 'must not contain spaces or control characters');

export const businessIdSchema = z.string().regex(BUSINESS_ID_PATTERN, BUSINESS_ID_RULE);

/**
 * A list of ids; `max` undefined means the contract sets no upper bound. The contract states the
 * business id format only for matching: the nodes check it for every business id they send
 * (inputRules.idProblem), these body schemas (which the sandbox answers with) do not.
 */
export const idArray = (min: number, max: number | undefined) => {
	const list = z.array(idSchema).min(min, `must hold at least ${min} id${min === 1 ? '' : 's'}`);
	return max === undefined ? list : list.max(max, `must hold at most ${max} ids`);
};

export const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

export const eventTypes = z
	.array(
		z
			.string()
			.trim()
			.min(1, 'must not be empty')
			.max(LIMITS.eventTypeLength, `must be at most ${LIMITS.eventTypeLength} characters`),
	)
	.min(1, 'must hold at least 1 event type')
	.max(LIMITS.eventTypes, `must hold at most ${LIMITS.eventTypes} event types`);

export const enrollmentKeySchema = z
	.string()
	.min(LIMITS.enrollmentKeyMinLength, `must be at least ${LIMITS.enrollmentKeyMinLength} characters long`)
	.max(LIMITS.enrollmentKeyMaxLength, `must be at most ${LIMITS.enrollmentKeyMaxLength} characters long`);

/**
 * An e-mail address, internationalised ones included (`jörg@bücher.de`, `用户@例子.广告`):
 * one @, a dot-separated local part of letters, digits and the RFC 5322 atom signs, and a domain
 * of at least two labels (letters, digits, hyphens inside) ending in a letter label or punycode.
 * Quoted local parts and address literals are not accepted.
 */
const EMAIL_LOCAL = /^[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+)*$/u;

const DOMAIN_LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;

const TOP_LEVEL_DOMAIN = /^(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]+)$/iu;

export function isEmailAddress(text: string): boolean {
	if (text.length > LIMITS.emailLength) return false;
	const at = text.indexOf('@');
	if (at <= 0 || at !== text.lastIndexOf('@')) return false;
	const local = text.slice(0, at);
	const domain = text.slice(at + 1);
	if (local.length > 64 || !EMAIL_LOCAL.test(local)) return false;
	const labels = domain.split('.');
	if (labels.length < 2 || domain.length > 253 || !labels.every((label) => DOMAIN_LABEL.test(label))) return false;
	return TOP_LEVEL_DOMAIN.test(labels[labels.length - 1]);
}

/**
 * A web address (http or https) with a host name that has a dot, and no spaces, control
 * characters or user name in it. Other schemes (javascript:, data:, ftp:, mailto:) are refused.
 */
export function isWebUrl(text: string): boolean {
	if (!/^https?:\/\/[^\s\p{Cc}]+$/iu.test(text)) return false;
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return false;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
	if (url.username !== '' || url.password !== '') return false;
	return /^[^.]+(?:\.[^.]+)+$/.test(url.hostname);
}

/** Text checked for length first (a huge value gets one short message), then by a rule. */
export const checkedText = (max: number, valid: (text: string) => boolean, rule: string) =>
	z.string().superRefine((text, ctx) => {
		if (text.length > max) ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters` });
		else if (!valid(text)) ctx.addIssue({ code: 'custom', message: rule });
	});

export const emptyBody = z.object({}).strict();

/** A domain name: dot-separated labels of letters, digits and hyphens, a top-level domain of letters. */
export function isDomainName(text: string): boolean {
	if (text.length > LIMITS.domainLength) return false;
	const labels = text.split('.');
	if (labels.length < 2) return false;
	if (!labels.every((label) => /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u.test(label))) return false;
	return /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu.test(labels[labels.length - 1]);
}

export const timestamp = z.string().regex(DATE_OR_DATETIME_PATTERN, 'must be an ISO 8601 datetime or a date as YYYY-MM-DD');

export const textList = (what: string, max: number) =>
	z
		.array(z.string().trim().min(1, 'must not be empty').max(LIMITS.filterValueLength, `must be at most ${LIMITS.filterValueLength} characters`))
		.min(1, `must hold at least 1 ${what}`)
		.max(max, `must hold at most ${max} ${what}s`);
