/**
 * The credential adds the API key only to requests that go over https, or over plain http to
 * this machine and not through a proxy elsewhere: the nodes' requests, its own test (whose Base
 * URL it cleans and checks as the nodes do, with normalizeBaseUrl) and an HTTP Request node using
 * it. A refused request fails with a message that says why, before anything is sent. No signed
 * request follows a redirect: n8n keeps custom headers such as API_KEY on every redirect.
 */
import type { IHttpRequestOptions, IRequestOptions } from 'n8n-workflow';

import { BusinessProspectDataApi, TEST_PATHS } from '../../credentials/BusinessProspectDataApi.credentials';
import { normalizeBaseUrl } from '../../nodes/shared/transport/connection';
import { checksThePath } from './credentials.cases';

const API_KEY = 'sk-unit-credential-key';
const credential = new BusinessProspectDataApi();
const sign = async (request: IHttpRequestOptions | IRequestOptions) =>
	await credential.authenticate({ apiKey: API_KEY }, request as IHttpRequestOptions);
const TEST_PATH = TEST_PATHS.v2;

describe('credential test request', () => {
	it('reads the Base URL as typed and asks without following redirects', () => {
		expect(credential.test.request).toMatchObject({
			baseURL: '={{$credentials.baseUrl}}',
			method: 'GET',
			disableFollowRedirect: true,
		});
	});

	it.each([
		['a credential saved before API Version existed (Per Node Version): v2, what new nodes use', {}, '/v2/credits'],
		['Per Node Version', { apiVersion: 'auto' }, '/v2/credits'],
		['v2', { apiVersion: 'v2' }, '/v2/credits'],
	])('checks the chosen API version: %s', (_name, stored, path) => checksThePath(stored, path));

	it('API Version: Per Node Version by default, then v1 and v2', () => {
		const field = credential.properties.find((property) => property.name === 'apiVersion');
		expect(field).toMatchObject({ type: 'options', default: 'auto' });
		expect(field?.options?.map((option) => ('value' in option ? option.value : undefined))).toEqual(['auto', 'v1', 'v2']);
		expect(field?.description).toContain('March 2027');
	});

	it.each([
		['https://api.example.com/', 'https://api.example.com'],
		[' https://api.example.com// ', 'https://api.example.com'],
		['https://api.example.com/v1/', 'https://api.example.com'],
		['http://localhost:4010/', 'http://localhost:4010'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
		['http://[::1]:4010', 'http://[::1]:4010'],
	])('sends to %p as the nodes do, with the key', async (raw, expected) => {
		expect(normalizeBaseUrl(raw)).toBe(expected);
		const signed = await sign({ baseURL: raw, url: TEST_PATH });
		expect(signed.baseURL).toBe(expected);
		expect(signed.headers).toEqual({ API_KEY });
	});

	it.each([
		['http://api.example.com', 'must use https'],
		['HTTP://api.example.com/', 'must use https'],
		['http://0.0.0.0:4010', 'must use https'],
		['http://localhost.evil.example', 'must use https'],
		['http://127.0.0.1.evil.example', 'must use https'],
		['ftp://api.example.com', 'must use https'],
		['http://localhost@evil.example', 'user name or password'],
		['http://127.0.0.1:80@evil.example/', 'user name or password'],
		['https://api.example.com/?x=1', 'query string'],
		['api.example.com', 'is not a valid URL'],
	])('refuses %p, as the nodes do, saying why', async (raw, why) => {
		const refusal = normalizeBaseUrl(raw);
		expect(typeof refusal).toBe('object');
		const request: IHttpRequestOptions = { baseURL: raw, url: TEST_PATH, headers: {} };
		await expect(sign(request)).rejects.toThrow((refusal as { error: string }).error);
		await expect(sign({ baseURL: raw, url: TEST_PATH })).rejects.toThrow(why);
		expect(request.headers).toEqual({});
	});
});

describe('every signed request (nodes, HTTP Request node)', () => {
	it.each([
		'https://api.example.com/v1/businesses',
		'HTTPS://api.example.com/v1/businesses',
		'http://localhost:4010/v1/businesses',
		'http://127.0.0.1:4010/v1/businesses?x=1',
		'http://[::1]:4010/v1/businesses',
	])('adds the key to %p', async (url) => {
		expect((await sign({ url })).headers).toEqual({ API_KEY });
		// the request library's form, used by n8n's HTTP Request node
		expect((await sign({ uri: url } as unknown as IHttpRequestOptions)).headers).toEqual({ API_KEY });
	});

	it.each([
		['http://api.example.com/v1/businesses', 'http://api.example.com'],
		['http://0.0.0.0:4010/v1/businesses', 'http://0.0.0.0:4010'],
		['http://localhost@evil.example/', 'http://evil.example'],
		['http://127.0.0.1.evil.example/', 'http://127.0.0.1.evil.example'],
		['ws://localhost:4010/', 'ws://localhost:4010'],
	])('refuses to add the key to %p', async (url, host) => {
		const message = `The API key is sent only over https (plain http only to localhost or 127.0.0.1), so it was not sent to "${host}"`;
		await expect(sign({ url, headers: { accept: 'application/json' } })).rejects.toThrow(message);
		await expect(sign({ uri: url } as unknown as IHttpRequestOptions)).rejects.toThrow(message);
	});

	it('refuses a request without a valid address, and never names the key', async () => {
		const failure = sign({ url: 'not a url' });
		await expect(failure).rejects.toThrow('The API key was not sent: the request has no valid address.');
		await expect(failure).rejects.not.toThrow(API_KEY);
	});
});

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
		['a proxy option without a host', { uri: 'http://127.0.0.1:4010/x', proxy: {} }],
	])('adds the key to %s', async (_case, request) => {
		expect((await sign(request as IRequestOptions)).headers).toEqual({
			API_KEY,
		});
	});

	it('refuses plain http through a proxy option that is not an address', async () => {
		await expect(sign({ uri: 'http://127.0.0.1:4010/x', proxy: 'http://' } as IRequestOptions)).rejects.toThrow(
			'The API key was not sent: the request names a proxy that is not an address.',
		);
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
