import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { UserError } from 'n8n-workflow';

import { LIMITS } from '../nodes/shared/api';
import { keyRefusal, normalizeBaseUrl } from '../nodes/shared/transport/connection';

/** Shown under Base URL in the credential dialog, where the address is typed. */
export const BASE_URL_HINT =
	'Starts with https:// (plain http only for localhost). A trailing /v1 or /v2 is removed for you.';

/**
 * What the credential test asks for on each API version: the cheapest authenticated call with no
 * body and no credits. v1 keeps the call it always made; v2 has no enrollment listing without a
 * webhook yet, so it reads the credit balance.
 */
export const TEST_PATHS = { v1: '/v1/businesses/events/enrollments', v2: '/v2/credits' } as const;

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
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://api.example.com',
			hint: BASE_URL_HINT,
			description:
				'The service address, such as https://api.example.com (a trailing /v1 or /v2 is removed for you). It must start with https:// so the API key travels encrypted: plain http is refused except for a server on this machine (localhost or 127.0.0.1). No query string.',
		},
		{
			displayName: 'API Version',
			name: 'apiVersion',
			type: 'options',
			options: [
				{
					name: 'Per Node Version',
					value: 'auto',
					description: 'Nodes added from now on use v2; nodes already in workflows keep v1',
				},
				{ name: 'v1', value: 'v1', description: 'Every node uses v1, new ones too (Manage Webhook 2 then fails: it needs v2)' },
				{
					name: 'v2',
					value: 'v2',
					description: 'Every node uses v2, including nodes in saved workflows (Manage Webhook 1 can then only get the registration)',
				},
			],
			default: 'auto',
			description:
				'Which version of the service\'s API the nodes use. v1 stops being supported around March 2027 and stops working around September 2027. The credential test checks v2 unless v1 is chosen.',
		},
		{
			displayName: 'Partner ID',
			name: 'partnerId',
			type: 'string',
			default: '',
			description:
				'Your partner ID, issued with the API key. Needed for webhooks on API v1 (Business Events Webhook Trigger 1 and Manage Webhook 1), and when a version 1 webhook trigger moves to API v2, so the events of your v1 enrollments keep being verified. Also sent when listing business enrollments.',
		},
		{
			// the stored name stays that of the older request pacing: saved credentials keep their value
			displayName: 'Queries per Minute',
			name: 'maxRequestsPerMinute',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: LIMITS.rateLimit.queries,
			description:
				"Your API key's rate limit in queries per minute: the service counts one query per entity of a bulk call (50 ids enriched are 50 queries). The most this n8n instance spends with the key; every workflow of this instance that uses this credential shares it. When several n8n instances or queue mode workers share one API key, they adapt to its limit on their own; enter each one's share to avoid rate limiting altogether.",
		},
	];

	/**
	 * Sets the API_KEY header, after checking where the request goes: over https, or plain http
	 * to this machine only and not through a proxy elsewhere (keyRefusal), for every request
	 * signed with this credential. A Base URL the credential test passes is cleaned and checked as
	 * the nodes do (normalizeBaseUrl), so the test says what is wrong with it. Redirects are not
	 * followed. A function rather than the generic `={{$credentials.apiKey}}` form: n8n evaluates
	 * that expression for every request (about 0.6 ms each), which a run of 10,000 contacts would
	 * pay hundreds of times for the same value.
	 */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		if (requestOptions.baseURL !== undefined) {
			const baseUrl = normalizeBaseUrl(String(requestOptions.baseURL));
			if (typeof baseUrl !== 'string') throw new UserError(baseUrl.error);
			requestOptions.baseURL = baseUrl;
		}
		const refusal = keyRefusal(requestOptions);
		if (refusal !== undefined) throw new UserError(refusal);
		requestOptions.headers = { ...requestOptions.headers, API_KEY: String(credentials.apiKey ?? '') };
		// n8n keeps the API_KEY header on every redirect, to any address: none is followed (n8n's
		// httpRequest form, then the request library's, which the HTTP Request node uses)
		requestOptions.disableFollowRedirect = true;
		Object.assign(requestOptions, { followRedirect: false, followAllRedirects: false });
		return requestOptions;
	}

	/**
	 * The cheapest authenticated call of the chosen API version (TEST_PATHS): "Per Node Version"
	 * checks v2, the version new nodes use. Like the nodes, it sends the key only over https or to
	 * this machine (checked in authenticate).
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl}}',
			url: `={{ $credentials.apiVersion === "v1" ? "${TEST_PATHS.v1}" : "${TEST_PATHS.v2}" }}`,
			method: 'GET',
			// the key never follows a redirect to another address
			disableFollowRedirect: true,
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
					message: 'Nothing answers at this base URL (404). Use the service address without the /v1 or /v2 prefix.',
				},
			},
		],
	};
}
