/** The parameters of the bulk enrichments that take some (beyond-contract.md section 6). */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { textList } from './fields';

/** YYYY-MM, a real month, from the first month the traffic enrichment covers. */
export const MONTH_RULE = `must be a month written as YYYY-MM, from ${LIMITS.trafficFirstMonth} on (such as 2024-05)`;

export function isTrafficMonth(text: string): boolean {
	const match = /^(\d{4})-(\d{2})$/.exec(text);
	if (!match) return false;
	const month = Number(match[2]);
	return month >= 1 && month <= 12 && text >= LIMITS.trafficFirstMonth;
}

export const INTENT_SCORE_RULE = `must be a whole number from ${LIMITS.intentScore.min} to ${LIMITS.intentScore.max}`;

export const DATE_RULE = 'must be a date such as 2024-12-31 or a date and time such as 2024-12-31T00:00:00Z';

/** business_intent's parameters: topics and a minimum score of 60 to 100 (60 by default). */
export const businessIntentParameters = z.object({
	topics: textList('topic', LIMITS.intentTopics).optional(),
	min_score: z.number().int(INTENT_SCORE_RULE).min(LIMITS.intentScore.min, INTENT_SCORE_RULE).max(LIMITS.intentScore.max, INTENT_SCORE_RULE).optional(),
});
