/** Match Businesses as a tool: the model gives what it knows about a company and gets the business ID. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { runAsTool, toolError } from '../../shared/toolMode';
import type { BusinessMatchField } from '../helpers/fields';
import { MATCH_BUSINESSES_ARGUMENTS } from '../helpers/toolText';
import { execute as match } from './match.operation';

/**
 * How error texts name the arguments: the parameter labels, and profnet_url. The other field names
 * are the argument keys already; "name" and "url" are not replaced, as they are also plain words
 * ("domain name") and parts of other names.
 */
const ARGUMENT_NAMES: Record<string, string> = {
	...Object.fromEntries(Object.values(MATCH_BUSINESSES_ARGUMENTS).map((argument) => [argument.label, argument.key])),
	profnet_url: MATCH_BUSINESSES_ARGUMENTS.profnet_url.key,
};

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
				throw toolError(this, 'Nothing to match on: pass name, domain, url or profile_url (at least one).');
			}
		},
		run: async () => await match.call(this),
		compact: (output) => output.map((item) => compactBusinessMatch(item.json)),
	});
}
