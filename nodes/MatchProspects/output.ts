import type { IDataObject } from 'n8n-workflow';

/** The key of what was sent for the contact: a name no contact table uses for its own column. */
export const MATCH_INPUT_KEY = 'match_input';

/**
 * One output item of Match Prospects: `prospect_id` (null when the service found no match),
 * `matched`, and `match_input`: the contact fields that were sent (only those, none as null);
 * with the input fields in front when they are kept. The match fields win over input fields of
 * the same name (a row's stale `prospect_id` is replaced by this match's answer). `warnings` is
 * added when match fields were left out. The service's own echo (`input`, every field with null
 * for the ones not sent) is not passed on.
 */
export function matchOutput(
	inputJson: IDataObject,
	result: IDataObject,
	sent: IDataObject,
	includeInputFields: boolean,
	warnings: string[] = [],
): IDataObject {
	const prospectId =
		typeof result.prospect_id === 'string' && result.prospect_id.trim() !== '' ? result.prospect_id : null;
	const matchFields: IDataObject = { prospect_id: prospectId, matched: prospectId !== null, [MATCH_INPUT_KEY]: { ...sent } };
	// fields the service may add later are kept as they come
	for (const [key, value] of Object.entries(result)) if (key !== 'input' && !(key in matchFields)) matchFields[key] = value;
	if (warnings.length > 0) matchFields.warnings = warnings;
	return includeInputFields ? { ...inputJson, ...matchFields } : matchFields;
}
