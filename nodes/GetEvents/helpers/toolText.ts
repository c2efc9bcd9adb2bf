/** What a model reads about Get Events as a tool. */
import { LIMITS } from '../../shared/api';

export const GET_EVENTS_TOOL_DESCRIPTION = `Get recent events of businesses (funding rounds, investments, IPOs, new products, offices, partnerships, hiring and team growth or decline) from the last ${LIMITS.eventWindowDays} days, newest first. Needs business IDs, which Search Businesses returns.`;

export const BUSINESS_IDS_EXAMPLE = '3f2a9c1e0b7d4e5f8a6b2c3d4e5f6a7b';

export const BUSINESS_IDS_FOR_MODEL = `One or more business IDs (32 lowercase hexadecimal characters, as Search Businesses returns them), separated by commas, e.g. ${BUSINESS_IDS_EXAMPLE}`;

export const SINCE_FOR_MODEL = `Only events after this moment: an ISO 8601 date or date-time within the last ${LIMITS.eventWindowDays} days, e.g. 2026-01-15 or 2026-01-15T09:00:00Z. Empty for the last 7 days.`;

export const GET_PROSPECT_EVENTS_TOOL_DESCRIPTION = `Get recent events of prospects (people): role changes, company changes and job start anniversaries from the last ${LIMITS.eventWindowDays} days, newest first. Needs prospect IDs, which Match Prospects returns.`;

export const PROSPECT_IDS_EXAMPLE = '0f1e2d3c4b5a69788796a5b4c3d2e1f00a1b2c3d';

export const PROSPECT_IDS_FOR_MODEL = `One or more prospect IDs (as Match Prospects returns them), separated by commas, e.g. ${PROSPECT_IDS_EXAMPLE}`;
