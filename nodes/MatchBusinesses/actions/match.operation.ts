import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { type BusinessMatchItem, LIMITS } from '../../shared/api';
import { matchOptions, runMatch } from '../../shared/matching';
import { readParameter, readsOwnField } from '../../shared/parameters';
import { notForTool, toolDescription } from '../../shared/toolMode';
import { type BusinessMatchField, buildMatchEntry, readMatchEntry } from '../helpers/fields';
import { MATCH_BUSINESSES_TOOL_DESCRIPTION, matchBusinessesToolFields } from '../helpers/toolText';

/** Parameter name of each match field. */
export const PARAMETER: Record<BusinessMatchField, string> = {
	name: 'companyName',
	domain: 'domain',
	url: 'website',
	profnet_url: 'profileUrl',
};

export const description: INodeProperties[] = [
	toolDescription(MATCH_BUSINESSES_TOOL_DESCRIPTION),
	notForTool({
		displayName:
			"Each field reads the input item's field of the same name (name, domain, url, profnet_url), so a table of accounts needs no mapping. Empty fields are left out. A column with another name, such as website, can be dragged into its field.",
		name: 'defaultsNotice',
		type: 'notice',
		default: '',
	}),
	notForTool({
		displayName: 'Company Name',
		name: PARAMETER.name,
		type: 'string',
		placeholder: 'Acme Corp',
		default: readsOwnField('name'),
		description: `Name of the company (at most ${LIMITS.companyNameLength} characters). Matched together with the domain when both are given.`,
	}),
	notForTool({
		displayName: 'Domain',
		name: PARAMETER.domain,
		type: 'string',
		placeholder: 'acme.com',
		default: readsOwnField('domain'),
		description:
			'Web domain of the company. A web or e-mail address is sent as its domain: https://www.acme.com/about and jane@acme.com become acme.com.',
	}),
	notForTool({
		displayName: 'Website',
		name: PARAMETER.url,
		type: 'string',
		placeholder: 'https://www.acme.com',
		default: readsOwnField('url'),
		description: `Address of the company's website (at most ${LIMITS.profileUrlLength} characters). An address without http:// or https:// is sent with https://.`,
	}),
	notForTool({
		displayName: 'Profile URL',
		name: PARAMETER.profnet_url,
		type: 'string',
		placeholder: 'https://www.example.com/company/acme',
		default: readsOwnField('profnet_url'),
		description:
			"Address of the company's professional network profile. A field that breaks a rule is left out when the item can still match on its other fields; the output item then gets a warnings field.",
	}),
	...matchBusinessesToolFields(PARAMETER),
	matchOptions('business_id'),
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	return await runMatch<BusinessMatchItem>(this, {
		endpoint: 'matchBusinesses',
		idField: 'business_id',
		readEntry: (itemIndex) =>
			readMatchEntry(node, buildMatchEntry((field) => readParameter(this, PARAMETER[field], itemIndex, '')), itemIndex),
	});
}
