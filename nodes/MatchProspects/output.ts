import type { IDataObject } from 'n8n-workflow';

/**
 * One output item of Match Prospects: `prospect_id` (null when the service found no match),
 * `matched`, and the service's `input` echo; with the input fields in front when they are kept.
 * The match fields win over input fields of the same name (a row's stale `prospect_id` is
 * replaced by this match's answer). `warnings` is added when match fields were left out.
 */
export function matchOutput(
	inputJson: IDataObject,
	result: IDataObject,
	includeInputFields: boolean,
	warnings: string[] = [],
): IDataObject {
	const prospectId =
		typeof result.prospect_id === 'string' && result.prospect_id.trim() !== '' ? result.prospect_id : null;
	const matchFields: IDataObject = { prospect_id: prospectId, matched: prospectId !== null, input: result.input ?? null };
	// fields the service may add later are kept as they come
	for (const [key, value] of Object.entries(result)) if (!(key in matchFields)) matchFields[key] = value;
	if (warnings.length > 0) matchFields.warnings = warnings;
	return includeInputFields ? { ...inputJson, ...matchFields } : matchFields;
}
