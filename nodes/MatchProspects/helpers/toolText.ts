/** What a model reads about Match Prospects as a tool, and the arguments it fills in. */
import type { INodeProperties } from 'n8n-workflow';

import { forTool, fromAi } from '../../shared/toolMode';
import type { MatchField } from './fields';

export const MATCH_TOOL_DESCRIPTION =
	'Find the prospect ID of a person. Returns prospect_id and matched (false when no one matches); needs their email, phone number, profile URL, or full name with company name (at least one).';

/** The tool's argument for each match field: its key, and what the model is told about it. */
export const MATCH_ARGUMENTS: Record<MatchField, { key: string; label: string; forModel: string }> = {
	email: {
		key: 'email',
		label: 'Email',
		forModel: "The person's email address, e.g. jane.doe@example.com. Empty when unknown.",
	},
	phone_number: {
		key: 'phone_number',
		label: 'Phone Number',
		forModel: 'Phone number in international form, a plus sign and the country code first, e.g. +14155550123. Empty when unknown.',
	},
	profnet: {
		key: 'profile_url',
		label: 'Profile URL',
		forModel: "Address of the person's professional network profile, e.g. https://www.example.com/in/jane-doe. Empty when unknown.",
	},
	full_name: {
		key: 'full_name',
		label: 'Full Name',
		forModel: "The person's full name (letters, spaces, dots and hyphens), e.g. Jane Doe. Needs company_name too. Empty when unknown.",
	},
	company_name: {
		key: 'company_name',
		label: 'Company Name',
		forModel: 'Name of the company the person works at, e.g. Acme Corp. Needs full_name too. Empty when unknown.',
	},
	business_id: {
		key: 'business_id',
		label: 'Business ID',
		forModel: "Optional: the 32-character business ID of the person's company, to match only there. Empty otherwise.",
	},
};

/** The match fields in tool mode: each one an optional argument of the tool. */
export function matchToolFields(parameterOf: Record<MatchField, string>): INodeProperties[] {
	return (Object.keys(MATCH_ARGUMENTS) as MatchField[]).map((field) => {
		const argument = MATCH_ARGUMENTS[field];
		return forTool({
			displayName: argument.label,
			name: parameterOf[field],
			type: 'string',
			default: fromAi(argument.key, argument.forModel, 'string', ''),
			description: `${argument.label} of the person. By default the model sets it.`,
		});
	});
}
