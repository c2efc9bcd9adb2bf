/**
 * Review: the credential checks where a signed request goes, but a request allowed by its
 * address (https, or plain http to this machine) can still carry the key elsewhere: through the
 * proxy it names (plain http to the proxy, which reads every header), or by following a redirect
 * (n8n keeps custom headers such as API_KEY on every redirect). The credential must refuse the
 * first and turn off the second for every request it signs, as the nodes do for their own.
 */
import type { IHttpRequestOptions, IRequestOptions } from 'n8n-workflow';

import { BusinessProspectDataApi } from '../../credentials/BusinessProspectDataApi.credentials';

const API_KEY = 'sk-unit-route-key';
const credential = new BusinessProspectDataApi();
const sign = async (request: IHttpRequestOptions | IRequestOptions) =>
	await credential.authenticate({ apiKey: API_KEY }, request as IHttpRequestOptions);

const REFUSED_PROXY =
	'The API key is sent over plain http only to this machine, so it was not sent through the proxy at "http://10.0.0.5:3128"';

describe('a proxy on the way', () => {
	it.each([
		[
			'the request library form (HTTP Request node)',
			{
				uri: 'http://127.0.0.1:4010/v1/businesses',
				proxy: 'http://10.0.0.5:3128',
			},
		],
		[
			'an address object',
			{
				url: 'http://localhost:4010/v1/businesses',
				proxy: { host: '10.0.0.5', port: 3128 },
			},
		],
		[
			'an address object with a protocol',
			{
				url: 'http://[::1]:4010/x',
				proxy: { protocol: 'http:', host: '10.0.0.5', port: 3128 },
			},
		],
	])('refuses plain http to this machine through a proxy elsewhere: %s', async (_form, request) => {
		const options = { headers: {}, ...request } as IRequestOptions;
		await expect(sign(options)).rejects.toThrow(REFUSED_PROXY);
		expect(options.headers).toEqual({});
	});

	it.each([
		['https through any proxy (a tunnel: the proxy sees no header)', { uri: 'https://api.example.com/x', proxy: 'http://10.0.0.5:3128' }],
		['plain http through a proxy on this machine', { uri: 'http://127.0.0.1:4010/x', proxy: 'http://127.0.0.1:3128' }],
		['an empty proxy option', { uri: 'http://127.0.0.1:4010/x', proxy: '' }],
	])('adds the key to %s', async (_case, request) => {
		expect((await sign(request as IRequestOptions)).headers).toEqual({
			API_KEY,
		});
	});
});

describe('redirects', () => {
	it('turns off following redirects in the request library form (the HTTP Request node follows them by default)', async () => {
		const signed = (await sign({
			uri: 'http://127.0.0.1:4010/x',
			followRedirect: true,
			followAllRedirects: true,
		})) as IRequestOptions;
		expect(signed).toMatchObject({
			followRedirect: false,
			followAllRedirects: false,
		});
	});

	it('turns off following redirects in the form of httpRequest (which follows them unless told not to)', async () => {
		const signed = await sign({ url: 'https://api.example.com/x' });
		expect(signed).toMatchObject({ disableFollowRedirect: true });
	});
});
