/** Match Businesses as a tool: the model gives what it knows about a company and gets the business ID. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { runAsTool, toolError } from '../../shared/toolMode';
import type { BusinessMatchField } from '../fields';
import { MATCH_BUSINESSES_ARGUMENTS } from '../toolText';
import { execute as match } from './match.operation';

const ARGUMENT_NAMES: Record<string, string> = Object.fromEntries(
	Object.entries(MATCH_BUSINESSES_ARGUMENTS).flatMap(([field, argument]) => [
		[argument.label, argument.key],
		[field, argument.key],
	]),
);

/** The answer for one company: business_id (null without a match), matched, and warnings if any. */
export function compactBusinessMatch(json: IDataObject): IDataObject {
	const answer: IDataObject = { business_id: json.business_id ?? null, matched: json.matched === true };
	if (Array.isArray(json.warnings) && json.warnings.length > 0) answer.warnings = json.warnings;
	return answer;
}

const hasText = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null);

export async function execute(
	this: IExecuteFunctions,
	parameterOf: Record<BusinessMatchField, string>,
): Promise<INodeExecutionData[]> {
	return await runAsTool(this, {
		names: ARGUMENT_NAMES,
		check: (itemIndex) => {
			const has = (field: BusinessMatchField) => hasText(this.getNodeParameter(parameterOf[field], itemIndex, ''));
			if (!has('name') && !has('domain') && !has('url') && !has('profnet_url')) {
				throw toolError(this, 'Nothing to match on: pass company_name, domain, website or profile_url (at least one).');
			}
		},
		run: async () => await match.call(this),
		compact: (output) => output.map((item) => compactBusinessMatch(item.json)),
	});
}
