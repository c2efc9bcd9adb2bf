/**
 * The typed parameter fields of the enrichments that take parameters: shown only when their
 * enrichment is selected, read per item (expressions allowed) and checked before anything is
 * sent. Items whose parameters differ are sent in different requests (the engine groups items
 * by their shared body fields).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { itemValidationError } from '../../shared/batching/validate';
import { describeType, showValue } from '../../shared/inputRules';
import { DATE_OR_DATETIME_PATTERN, DATE_RULE, INTENT_SCORE_RULE, isTrafficMonth, LIMITS, MONTH_RULE } from '../../shared/api';
import { readParameter } from '../../shared/parameters';
import type { Enrichment } from './enrichments';

export type ParameterKind = NonNullable<Enrichment['parameters']>;

const shownFor = (value: string) => ({ show: { resource: ['business'], businessEnrichments: [value] } });

/** The fields, in the order the editor shows them. */
export const parameterFields: INodeProperties[] = [
	{
		displayName: 'Keywords',
		name: 'websiteKeywords',
		type: 'string',
		required: true,
		displayOptions: shownFor('websiteKeywords'),
		default: '',
		placeholder: 'e.g. pricing, free trial, SOC 2',
		description:
			'Words or phrases to look for on each company website, separated by commas (or a list from an expression). Needed for Website Keywords.',
	},
	{
		displayName: 'Financial Indicators Date',
		name: 'financialIndicatorsDate',
		type: 'dateTime',
		displayOptions: shownFor('financialIndicators'),
		default: '',
		description: 'The date the figures should be as of. Leave empty for the latest figures.',
	},
	{
		displayName: 'Traffic Month',
		name: 'websiteTrafficMonth',
		type: 'string',
		displayOptions: shownFor('websiteTraffic'),
		default: '',
		placeholder: 'e.g. 2024-05',
		description: `The month of the traffic figures, as YYYY-MM from ${LIMITS.trafficFirstMonth} on. Leave empty for the previous month.`,
	},
	{
		displayName: 'Intent Topics',
		name: 'intentTopics',
		type: 'string',
		displayOptions: shownFor('businessIntent'),
		default: '',
		placeholder: 'e.g. CRM, Cloud Security',
		description:
			'Topics to report buying intent for, separated by commas (or a list from an expression). Leave empty for every topic the service tracks.',
	},
	{
		displayName: 'Minimum Intent Score',
		name: 'intentMinScore',
		type: 'number',
		typeOptions: { minValue: LIMITS.intentScore.min, maxValue: LIMITS.intentScore.max, numberPrecision: 0 },
		displayOptions: shownFor('businessIntent'),
		// LIMITS.intentScore.min (the service's default); the linter needs the literal, a unit test checks it
		default: 60,
		description: `Only topics with at least this intent score, from ${LIMITS.intentScore.min} to ${LIMITS.intentScore.max}`,
	},
];

/** The month before `now`'s month (UTC), as YYYY-MM: what an empty Traffic Month sends. */
export function previousMonth(now: Date): string {
	const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
	return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * A list of texts from a comma-separated string or a list (from an expression): trimmed, empty
 * entries dropped, duplicates kept once. Undefined when the value is empty.
 */
function readList(ctx: IExecuteFunctions, label: string, name: string, itemIndex: number, max: number): string[] | undefined {
	const raw = readParameter(ctx, name, itemIndex, '') as unknown;
	if (raw === undefined || raw === null) return undefined;
	let parts: unknown[];
	if (typeof raw === 'string') parts = raw.split(',');
	else if (Array.isArray(raw)) parts = raw;
	else throw itemValidationError(ctx.getNode(), itemIndex, `${label} must be text or a list of texts, got ${describeType(raw)}`);
	const values: string[] = [];
	for (const part of parts) {
		if (typeof part !== 'string' && typeof part !== 'number') {
			throw itemValidationError(ctx.getNode(), itemIndex, `${label} must hold only texts, got ${describeType(part)}`);
		}
		const text = String(part).trim();
		if (text === '' || values.includes(text)) continue;
		if (text.length > LIMITS.filterValueLength) {
			throw itemValidationError(
				ctx.getNode(),
				itemIndex,
				`${label} must hold values of at most ${LIMITS.filterValueLength} characters each`,
			);
		}
		values.push(text);
	}
	if (values.length > max) throw itemValidationError(ctx.getNode(), itemIndex, `${label} must hold at most ${max} values`);
	return values.length > 0 ? values : undefined;
}

function readOptionalText(ctx: IExecuteFunctions, label: string, name: string, itemIndex: number): string | undefined {
	const raw = readParameter(ctx, name, itemIndex, '') as unknown;
	if (raw === undefined || raw === null) return undefined;
	if (raw instanceof Date) return raw.toISOString();
	// a Luxon DateTime, as an expression such as {{ $now.minus({ years: 1 }) }} gives it
	const toIso = (raw as { toISO?: unknown } | null)?.toISO;
	if (typeof raw === 'object' && typeof toIso === 'function') return String(toIso.call(raw));
	if (typeof raw !== 'string') {
		throw itemValidationError(ctx.getNode(), itemIndex, `${label} must be text, got ${describeType(raw)}`);
	}
	const text = raw.trim();
	return text === '' ? undefined : text;
}

/**
 * The `parameters` object one item sends with an enrichment, or undefined to send none. Throws
 * an item validation error naming the item, the field and the rule.
 */
export function readEnrichmentParameters(
	ctx: IExecuteFunctions,
	kind: ParameterKind,
	itemIndex: number,
	now: Date,
): IDataObject | undefined {
	const node = ctx.getNode();
	switch (kind) {
		case 'websiteKeywords': {
			const keywords = readList(ctx, 'Keywords', 'websiteKeywords', itemIndex, LIMITS.websiteKeywords);
			if (!keywords) {
				throw itemValidationError(
					node,
					itemIndex,
					'Keywords is required for Website Keywords: give at least one keyword',
					'Write the words to look for, separated by commas, or deselect Website Keywords.',
				);
			}
			return { keywords };
		}
		case 'financialIndicators': {
			const date = readOptionalText(ctx, 'Financial Indicators Date', 'financialIndicatorsDate', itemIndex);
			if (date === undefined) return undefined;
			if (!DATE_OR_DATETIME_PATTERN.test(date)) {
				throw itemValidationError(node, itemIndex, `Financial Indicators Date ${DATE_RULE}, got ${showValue(date)}`);
			}
			return { date };
		}
		case 'websiteTraffic': {
			const month = readOptionalText(ctx, 'Traffic Month', 'websiteTrafficMonth', itemIndex) ?? previousMonth(now);
			if (!isTrafficMonth(month)) {
				throw itemValidationError(node, itemIndex, `Traffic Month ${MONTH_RULE}, got ${showValue(month)}`);
			}
			return { month_period: month };
		}
		case 'businessIntent': {
			const topics = readList(ctx, 'Intent Topics', 'intentTopics', itemIndex, LIMITS.intentTopics);
			const raw = readParameter(ctx, 'intentMinScore', itemIndex, LIMITS.intentScore.min) as unknown;
			// empty (e.g. an expression that gives nothing) means the service's default, the minimum
			const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
			const score = empty ? LIMITS.intentScore.min : typeof raw === 'string' ? Number(raw) : raw;
			if (
				typeof score !== 'number' ||
				!Number.isInteger(score) ||
				score < LIMITS.intentScore.min ||
				score > LIMITS.intentScore.max
			) {
				const got = typeof raw === 'string' ? showValue(raw) : typeof raw === 'number' ? String(raw) : describeType(raw);
				throw itemValidationError(node, itemIndex, `Minimum Intent Score ${INTENT_SCORE_RULE}, got ${got}`);
			}
			return { ...(topics ? { topics } : {}), min_score: score };
		}
	}
}
