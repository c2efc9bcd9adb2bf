import type { IDataObject } from 'n8n-workflow';

/** The key of what was sent for the company: a name no account table uses for its own column. */
export const MATCH_INPUT_KEY = 'match_input';

/**
 * One output item of Match Businesses, shaped as Match Prospects shapes its own: `business_id`
 * (null when the service found no match), `matched`, and `match_input`: the company fields that
 * were sent (only those, none as null); with the input fields in front when they are kept. The
 * match fields win over input fields of the same name (a row's stale `business_id` is replaced by
 * this match's answer). `warnings` is added when match fields were left out. Fields the service
 * adds per element (`error`, `error_type`) are kept; its echo (`input`) is not passed on.
 */
export function matchOutput(
	inputJson: IDataObject,
	result: IDataObject,
	sent: IDataObject,
	includeInputFields: boolean,
	warnings: string[] = [],
): IDataObject {
	const businessId =
		typeof result.business_id === 'string' && result.business_id.trim() !== '' ? result.business_id : null;
	const matchFields: IDataObject = { business_id: businessId, matched: businessId !== null, [MATCH_INPUT_KEY]: { ...sent } };
	for (const [key, value] of Object.entries(result)) if (key !== 'input' && !(key in matchFields)) matchFields[key] = value;
	if (warnings.length > 0) matchFields.warnings = warnings;
	return includeInputFields ? { ...inputJson, ...matchFields } : matchFields;
}
