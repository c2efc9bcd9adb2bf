import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { assembleOutput, prepareItems, runEach } from '../../shared/batching/items';
import { itemValidationError, validateItem } from '../../shared/batching/validate';
import { type ApiVersion, catalogFor, CREDITS_MODES, CREDITS_RESOLUTIONS, type CreditsMode, type CreditsResolution, creditsSpanDays, isTimeZone, LIMITS } from '../../shared/api';
import { describeType, showValue } from '../../shared/inputRules';
import { readParameter } from '../../shared/parameters';
import { ApiClient } from '../../shared/transport/apiClient';
import { apiVersionOf } from '../../shared/transport/apiVersion';
import { wallClockSpan } from '../../shared/wallClock';
import { withoutContext } from '../helpers/answer';
import { DEFAULT_DAYS_BACK, defaultFrom, readMoment, spanText, wireDate } from '../helpers/period';

const show = { operation: ['getUsage'] };
const DAYS = LIMITS.creditsAggregationDays;
const RESOLUTION_NAMES: Record<CreditsResolution, string> = { hour: 'Hour', day: 'Day', month: 'Month' };

export const description: INodeProperties[] = [
	{
		displayName: 'From Date',
		name: 'fromDate',
		type: 'dateTime',
		default: '',
		description: `Start of the period. Empty: ${DEFAULT_DAYS_BACK} days before To Date (${DAYS.hour} days by hour, the longest period by hour). Without an offset it is read in the Timezone below.`,
		displayOptions: { show },
	},
	{
		displayName: 'To Date',
		name: 'toDate',
		type: 'dateTime',
		default: '',
		description: 'End of the period (not included). Empty: now (the next whole second).',
		displayOptions: { show },
	},
	{
		displayName: 'Group By',
		name: 'mode',
		type: 'options',
		options: [
			{ name: 'Endpoint', value: 'endpoints', description: 'Credits used per endpoint of the service' },
			{ name: 'Time', value: 'timely', description: 'Credits used per hour, day or month' },
		],
		default: 'timely',
		displayOptions: { show },
	},
	{
		displayName: 'Resolution',
		name: 'resolution',
		type: 'options',
		options: CREDITS_RESOLUTIONS.map((value) => ({ name: RESOLUTION_NAMES[value], value })),
		default: 'day',
		description: `The length of each period's part. The whole period can cover at most ${DAYS.hour} days by hour, ${DAYS.day} days by day and ${DAYS.month} days by month.`,
		displayOptions: { show: { ...show, mode: ['timely'] } },
	},
	{
		displayName: 'Timezone',
		name: 'timezone',
		type: 'string',
		default: '',
		placeholder: 'e.g. America/New_York',
		description: "Time zone of the days and hours, as an IANA name. Empty: the workflow's time zone.",
		displayOptions: { show },
	},
];

interface UsageRequest {
	itemIndex: number;
	body: IDataObject;
}

function readChoice<T extends string>(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number, allowed: readonly T[], fallback: T): T {
	const value = readParameter(ctx, name, itemIndex, fallback);
	if (typeof value === 'string' && (allowed as readonly string[]).includes(value.trim())) return value.trim() as T;
	const got = typeof value === 'string' ? showValue(value) : describeType(value);
	throw itemValidationError(ctx.getNode(), itemIndex, `${label} must be one of ${allowed.join(', ')}, got ${got}`);
}

function readTimeZone(ctx: IExecuteFunctions, itemIndex: number): string {
	const value = readParameter(ctx, 'timezone', itemIndex, '');
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return ctx.getTimezone();
	if (typeof value === 'string' && isTimeZone(value.trim())) return value.trim();
	const got = typeof value === 'string' ? showValue(value) : describeType(value);
	throw itemValidationError(ctx.getNode(), itemIndex, `Timezone must be an IANA time zone such as UTC or America/New_York, got ${got}`);
}

function readDate(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number, zone: string): number | undefined {
	const moment = readMoment(readParameter(ctx, name, itemIndex, ''), zone);
	if (typeof moment === 'object') throw itemValidationError(ctx.getNode(), itemIndex, `${label} ${moment.problem}`);
	return moment;
}

/** One item's request body, checked before anything is sent: every error names the item, the field and the rule. */
function readRequest(ctx: IExecuteFunctions, itemIndex: number, now: number, api: ApiVersion): UsageRequest {
	const node = ctx.getNode();
	const timezone = readTimeZone(ctx, itemIndex);
	const mode = readChoice<CreditsMode>(ctx, 'mode', 'Group By', itemIndex, CREDITS_MODES, 'timely');
	const resolution =
		mode === 'timely' ? readChoice<CreditsResolution>(ctx, 'resolution', 'Resolution', itemIndex, CREDITS_RESOLUTIONS, 'day') : undefined;
	const days = creditsSpanDays(mode, resolution);
	const to = readDate(ctx, 'toDate', 'To Date', itemIndex, timezone) ?? now;
	const from = readDate(ctx, 'fromDate', 'From Date', itemIndex, timezone) ?? defaultFrom(to, Math.min(DEFAULT_DAYS_BACK, days), timezone);
	if (to <= from) {
		throw itemValidationError(node, itemIndex, `To Date must be after From Date, got From Date ${wireDate(from)} and To Date ${wireDate(to)}`);
	}
	// [I] an assumed limit (see LIMITS.creditsAggregationDays), counted in calendar days in the
	// request's time zone, as the answer's days are: a week across a clock change is still a week
	const span = wallClockSpan(timezone, from, to);
	if (span > days * 86_400_000) {
		const by = resolution ? `by ${RESOLUTION_NAMES[resolution].toLowerCase()}` : 'by endpoint';
		throw itemValidationError(
			node,
			itemIndex,
			`the period from From Date to To Date must be at most ${days} days ${by}, got ${spanText(span)}`,
			resolution && resolution !== 'month' ? 'Shorten the period or choose a longer Resolution.' : 'Shorten the period.',
		);
	}
	const body: IDataObject = { from_date: wireDate(from), to_date: wireDate(to), mode, ...(resolution && { resolution }), timezone };
	// the catalog's schema has the last word, as the service would
	validateItem(node, catalogFor(api).creditsAggregation.body, body, itemIndex);
	return { itemIndex, body };
}

/**
 * Credits used in a period, grouped by time or by endpoint: one output item per input item, paired,
 * holding the service's answer (the period, total_credits and aggregations). Items asking the same
 * period share one request.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const api = await apiVersionOf(this);
	// one clock for the run, so items with empty dates ask the same period (and share a request);
	// whole seconds, as the service's examples write datetimes, rounded up: To Date is not
	// included, and credits used earlier in this second (by the node before) must be
	const now = Math.floor(Date.now() / 1000) * 1000 + 1000;
	const prepared = prepareItems(this, (itemIndex) => readRequest(this, itemIndex, now, api));
	const client = await ApiClient.of(this, api);
	const results = await runEach(
		this,
		prepared.requests,
		async ({ itemIndex, body }) => withoutContext(await client.request('creditsAggregation', body, { itemIndex })),
		{ key: ({ body }) => JSON.stringify(body) },
	);
	return assembleOutput(this, prepared, results, (itemIndex, outcome) =>
		outcome ? [{ json: { ...outcome.value }, pairedItem: { item: itemIndex } }] : [],
	);
}
