import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/**
 * API key credential. The key travels in the API_KEY header (set by `authenticate`, so n8n
 * redacts it); the partner id is sent only where the contract names it, by the transport.
 */
export class BusinessProspectDataApi implements ICredentialType {
	name = 'businessProspectDataApi';

	displayName = 'Business Prospect Data API';

	icon: Icon = {
		light: 'file:../icons/businessProspectData.svg',
		dark: 'file:../icons/businessProspectData.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-business-prospect-data/n8n-nodes-business-prospect-data#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
		},
		{
			displayName: 'Partner ID',
			name: 'partnerId',
			type: 'string',
			default: '',
			description:
				'Only needed when your account manages several partners. Sent when listing business enrollments; when empty, the service infers the partner from the API key.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://api.example.com',
			description:
				'Address of the service, without the /v1 prefix. Must use https, except for a local server on localhost or 127.0.0.1.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				API_KEY: '={{$credentials.apiKey}}',
			},
		},
	};

	/** The cheapest authenticated call: listing business enrollments (no body, no credits). */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ $credentials.baseUrl.replace(/\\/+$/, "") }}',
			url: '/v1/businesses/events/enrollments',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The service rejected the API key (401). Check the API key and, if set, the partner ID.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'Nothing answers at this base URL (404). Use the service address without the /v1 prefix.',
				},
			},
		],
	};
}
