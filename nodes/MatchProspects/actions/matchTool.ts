/** Match Prospects as a tool: the model gives what it knows about a person and gets the prospect ID. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { runAsTool, toolError } from '../../shared/toolMode';
import type { MatchField } from '../helpers/fields';
import { MATCH_ARGUMENTS } from '../helpers/toolText';
import { execute as match } from './match.operation';

const ARGUMENT_NAMES: Record<string, string> = Object.fromEntries(
	Object.entries(MATCH_ARGUMENTS).flatMap(([field, argument]) => [
		[argument.label, argument.key],
		[field, argument.key],
	]),
);

/** The answer for one person: prospect_id (null without a match), matched, and warnings if any. */
export function compactMatch(json: IDataObject): IDataObject {
	const answer: IDataObject = { prospect_id: json.prospect_id ?? null, matched: json.matched === true };
	if (Array.isArray(json.warnings) && json.warnings.length > 0) answer.warnings = json.warnings;
	return answer;
}

const hasText = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null);

export async function execute(this: IExecuteFunctions, parameterOf: Record<MatchField, string>): Promise<INodeExecutionData[]> {
	return await runAsTool(this, {
		names: ARGUMENT_NAMES,
		check: (itemIndex) => {
			const has = (field: MatchField) => hasText(this.getNodeParameter(parameterOf[field], itemIndex, ''));
			if (!has('email') && !has('phone_number') && !has('profnet') && !(has('full_name') && has('company_name'))) {
				throw toolError(
					this,
					'Nothing to match on: pass email, phone_number or profile_url, or full_name together with company_name.',
				);
			}
		},
		run: async () => await match.call(this),
		compact: (output) => output.map((item) => compactMatch(item.json)),
	});
}
