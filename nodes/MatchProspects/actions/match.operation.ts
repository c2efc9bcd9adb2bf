import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { LIMITS, type MatchItem } from '../../shared/api';
import { matchOptions, runMatch } from '../../shared/matching';
import { readParameter, readsOwnField } from '../../shared/parameters';
import { buildMatchEntry, type MatchField, readMatchEntry } from '../helpers/fields';
import { notForTool, toolDescription } from '../../shared/toolMode';
import { MATCH_TOOL_DESCRIPTION, matchToolFields } from '../helpers/toolText';

/** Parameter name of each match field. */
export const PARAMETER: Record<MatchField, string> = {
	email: 'email',
	phone_number: 'phoneNumber',
	profnet: 'profileUrl',
	full_name: 'fullName',
	company_name: 'companyName',
	business_id: 'businessId',
};

export const description: INodeProperties[] = [
	toolDescription(MATCH_TOOL_DESCRIPTION),
	notForTool({
		displayName:
			'Each field reads the input item\'s field of the same name (email, phone_number, profnet, full_name, company_name, business_id), so a table of contacts needs no mapping. Empty fields are left out.',
		name: 'defaultsNotice',
		type: 'notice',
		default: '',
	}),
	notForTool({
		displayName: 'Email',
		name: PARAMETER.email,
		type: 'string',
		placeholder: 'name@example.com',
		default: readsOwnField('email'),
		description: 'Email address of the person',
	}),
	notForTool({
		displayName: 'Phone Number',
		name: PARAMETER.phone_number,
		type: 'string',
		placeholder: '+14155550123',
		default: readsOwnField('phone_number'),
		description:
			'Phone number in international form: a plus sign, the country calling code, then the number. Spaces, dashes, dots and brackets are removed before sending.',
	}),
	notForTool({
		displayName: 'Profile URL',
		name: PARAMETER.profnet,
		type: 'string',
		placeholder: 'https://www.example.com/in/jane-doe',
		default: readsOwnField('profnet'),
		description: `Address of the person's professional network profile (at most ${LIMITS.profileUrlLength} characters). An address without http:// or https:// is sent with https://.`,
	}),
	notForTool({
		displayName: 'Full Name',
		name: PARAMETER.full_name,
		type: 'string',
		placeholder: 'Jane Doe',
		default: readsOwnField('full_name'),
		description:
			'Name of the person: letters, spaces, dots and hyphens (no apostrophes). Needs a company name too. A field that breaks a rule is left out when the item can still match on its other fields; the output item then gets a warnings field.',
	}),
	notForTool({
		displayName: 'Company Name',
		name: PARAMETER.company_name,
		type: 'string',
		placeholder: 'Acme Corp',
		default: readsOwnField('company_name'),
		description: `Company the person works at (at most ${LIMITS.companyNameLength} characters). Needs a full name too.`,
	}),
	notForTool({
		displayName: 'Business ID',
		name: PARAMETER.business_id,
		type: 'string',
		default: readsOwnField('business_id'),
		description: 'Optional. Restricts the match to one company: its 32-character business ID.',
	}),
	...matchToolFields(PARAMETER),
	matchOptions('prospect_id'),
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	return await runMatch<MatchItem>(this, {
		endpoint: 'matchProspects',
		idField: 'prospect_id',
		readEntry: (itemIndex) =>
			readMatchEntry(node, buildMatchEntry((field) => readParameter(this, PARAMETER[field], itemIndex, '')), itemIndex),
	});
}
