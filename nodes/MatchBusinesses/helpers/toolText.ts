/** What a model reads about Match Businesses as a tool, and the arguments it fills in. */
import type { INodeProperties } from 'n8n-workflow';

import { forTool, fromAi } from '../../shared/toolMode';
import type { BusinessMatchField } from './fields';

export const MATCH_BUSINESSES_TOOL_DESCRIPTION =
	'Find the business ID of a company. Returns business_id and matched (false when no company matches); needs its name, domain, website or profile URL (at least one). Use the business_id to get events or enrich the company.';

/**
 * The tool's argument for each match field: its key, and what the model is told about it. Keys
 * are the service's field names (so validation messages name them as the model knows them), but
 * profnet_url, which the model knows as profile_url.
 */
export const MATCH_BUSINESSES_ARGUMENTS: Record<BusinessMatchField, { key: string; label: string; forModel: string }> = {
	name: {
		key: 'name',
		label: 'Company Name',
		forModel: 'Name of the company, e.g. Acme Corp. Empty when unknown.',
	},
	domain: {
		key: 'domain',
		label: 'Domain',
		forModel: "The company's web domain, e.g. acme.com. Empty when unknown.",
	},
	url: {
		key: 'url',
		label: 'Website',
		forModel: "Address of the company's website, e.g. https://www.acme.com. Empty when unknown.",
	},
	profnet_url: {
		key: 'profile_url',
		label: 'Profile URL',
		forModel: "Address of the company's professional network profile, e.g. https://www.example.com/company/acme. Empty when unknown.",
	},
};

/** The match fields in tool mode: each one an optional argument of the tool. */
export function matchBusinessesToolFields(parameterOf: Record<BusinessMatchField, string>): INodeProperties[] {
	return (Object.keys(MATCH_BUSINESSES_ARGUMENTS) as BusinessMatchField[]).map((field) => {
		const argument = MATCH_BUSINESSES_ARGUMENTS[field];
		return forTool({
			displayName: argument.label,
			name: parameterOf[field],
			type: 'string',
			default: fromAi(argument.key, argument.forModel, 'string', ''),
			description: `${argument.label} of the company. By default the model sets it.`,
		});
	});
}
