/**
 * The credential in real n8n 2.x: the packed package, installed the way users install community
 * packages, registers its credential with the fields it declares, and n8n's own credential test
 * (the editor's "Test" button) and HTTP Request node never send the key where it must not go, nor
 * print it. (compatibility.test.ts loads the package and runs the examples on every n8n line.) The
 * HTTP Request node's call of a v1 path on this machine: smoke.v1.test.ts.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { CREDENTIAL_TYPE } from './harness/n8nInstance';
import { expectedCredentialTypes } from './support/packageManifest';
import { httpRequestWorkflow, SMOKE_CREDENTIAL } from './smoke.cases';

/** A local server that records the API key of each request and answers with `answer`. */
function recorder(answer: (response: ServerResponse) => void) {
	const received: Array<{ url: string; apiKey: unknown }> = [];
	const server = createServer((request, response) => {
		received.push({ url: String(request.url), apiKey: request.headers.api_key });
		answer(response);
	});
	const port = () => (server.address() as AddressInfo).port;
	return { server, received, port };
}
const answer = (status: number, headers: Record<string, string> = {}) => (response: ServerResponse) => {
	response.writeHead(status, { 'content-type': 'application/json', ...headers });
	response.end('{"ok":true}');
};

describe('the package in real n8n', () => {
	let sandbox: Sandbox;
	// where the key must never arrive in clear text: reached as 0.0.0.0, "another address"
	const elsewhere = recorder(answer(200));
	// this machine, where the key may go: redirects to the other address
	const origin = recorder((response) => answer(302, { location: `http://0.0.0.0:${elsewhere.port()}/landing` })(response));
	// a forward proxy at another address
	const proxy = recorder(answer(200));
	const listeners = [elsewhere, origin, proxy];
	beforeAll(async () => {
		sandbox = await startSandbox();
		for (const { server } of listeners) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	});
	afterAll(async () => {
		await sandbox?.close();
		for (const { server } of listeners) await new Promise((resolve) => server.close(resolve));
	});

	const credential = SMOKE_CREDENTIAL;
	/** The sandbox under an address that is not localhost or 127.0.0.1, where the key must not go. */
	const plainHttpSandboxUrl = () => sandbox.url.replace('127.0.0.1', '0.0.0.0');
	const plainHttpRequest = httpRequestWorkflow(credential, 'SmokeHttpRequestPlain');
	const redirectedHttpRequest = httpRequestWorkflow(credential, 'SmokeHttpRequestRedirect');
	const proxiedHttpRequest = httpRequestWorkflow(credential, 'SmokeHttpRequestProxy');
	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...credential, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			plainHttpRequest.nodes[1].parameters.url = `${plainHttpSandboxUrl()}/v1/businesses/events/enrollments`;
			redirectedHttpRequest.nodes[1].parameters.url = `http://127.0.0.1:${origin.port()}/start`;
			proxiedHttpRequest.nodes[1].parameters.url = `http://127.0.0.1:${origin.port()}/through-proxy`;
			proxiedHttpRequest.nodes[1].parameters.options = { proxy: `http://0.0.0.0:${proxy.port()}` };
			await instance.importWorkflows([plainHttpRequest, redirectedHttpRequest, proxiedHttpRequest]);
		},
	});

	test(`registers the credential type ${CREDENTIAL_TYPE} with the fields it declares`, () => {
		const declared = expectedCredentialTypes();
		expect(declared.map((type) => type.name)).toEqual([CREDENTIAL_TYPE]);
		const served = n8n()
			.credentialTypes()
			.find((type) => type.name === CREDENTIAL_TYPE) as { properties: Array<{ name: string }> } | undefined;
		expect(served).toBeDefined();
		// n8n 2.x appends its own domain-restriction fields to credentials that authenticate requests.
		const addedByN8n = ['allowedDomains', 'allowedHttpRequestDomains'];
		expect(served?.properties.map((property) => property.name).sort()).toEqual([...declared[0].fields, ...addedByN8n].sort());
	});

	describe('credential test (the editor\'s "Test" button, POST /rest/credentials/test)', () => {
		const wrongKey = 'wrong-key-0000';
		const sentSince = (index: number) => sandbox.requests.slice(index);

		test('succeeds with the right key, sent in the API_KEY header', async () => {
			const before = sandbox.requests.length;
			const result = await n8n().testCredential({ apiKey: sandbox.apiKey, baseUrl: sandbox.url });
			expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
			const sent = sentSince(before);
			expect(sent.length).toBeGreaterThan(0);
			for (const request of sent) {
				// Header names arrive lowercased: API_KEY is api_key.
				// a credential without API Version reads "Per Node Version": the test checks v2, what new nodes use
				expect(request).toMatchObject({ path: '/v2/credits', status: 200 });
				expect(request.headers.api_key).toBe(sandbox.apiKey);
			}
		});

		test('fails with a clear message for a wrong key, without echoing the key', async () => {
			const before = sandbox.requests.length;
			const result = await n8n().testCredential({ apiKey: wrongKey, baseUrl: sandbox.url });
			expect(result).toEqual({
				status: 'Error',
				message: 'The service rejected the API key (401). Check the API key and, if set, the partner ID.',
			});
			expect(sentSince(before).map((request) => [request.headers.api_key, request.status])).toContainEqual([wrongKey, 401]);
		});

		test('takes a base URL that includes /v1 as the service address (as the nodes do)', async () => {
			const before = sandbox.requests.length;
			const result = await n8n().testCredential({ apiKey: sandbox.apiKey, baseUrl: `${sandbox.url}/v1/` });
			expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
			expect(sentSince(before).map((request) => request.path)).toEqual(['/v2/credits']);
		});

		test('refuses a base URL with a query string before sending anything, saying why', async () => {
			const before = sandbox.requests.length;
			const result = await n8n().testCredential({ apiKey: sandbox.apiKey, baseUrl: `${sandbox.url}/?x=` });
			expect(result).toEqual({
				status: 'Error',
				message: 'The Base URL must not contain a query string or fragment (? or #). Enter the address only, such as https://api.example.com, without /v1.',
			});
			expect(sandbox.requests.length).toBe(before);
		});

		test('says what is wrong with a base URL that is not a URL', async () => {
			const result = await n8n().testCredential({ apiKey: sandbox.apiKey, baseUrl: 'api.example.com' });
			expect(result).toEqual({
				status: 'Error',
				message: 'The Base URL "api.example.com" is not a valid URL. Enter the address only, such as https://api.example.com.',
			});
		});

		test('never follows a redirect with the key', async () => {
			const received: string[] = [];
			const target = createServer((request, response) => {
				received.push(String(request.headers.api_key));
				response.writeHead(200, { 'content-type': 'application/json' });
				response.end('{"enrollments":[]}');
			});
			const redirecting = createServer((_request, response) => {
				response.writeHead(307, { location: `http://127.0.0.1:${(target.address() as AddressInfo).port}/v1/businesses/events/enrollments` });
				response.end();
			});
			await Promise.all([target, redirecting].map(async (server) => await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
			try {
				const result = await n8n().testCredential({
					apiKey: sandbox.apiKey,
					baseUrl: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`,
				});
				expect(result.status).toBe('Error');
				expect(received).toEqual([]);
			} finally {
				await Promise.all([target, redirecting].map(async (server) => await new Promise((resolve) => server.close(resolve))));
			}
		});

		test('refuses to send the key over plain http to another address, saying why', async () => {
			const before = sandbox.requests.length;
			// 0.0.0.0 reaches the sandbox on Linux, so a key sent in clear text would arrive there
			const result = await n8n().testCredential({ apiKey: sandbox.apiKey, baseUrl: plainHttpSandboxUrl() });
			expect(result).toEqual({
				status: 'Error',
				message: `The Base URL must use https, because the API key would otherwise travel unencrypted (plain http is allowed only for localhost or 127.0.0.1), got "${plainHttpSandboxUrl()}"`,
			});
			expect(sandbox.requests.length).toBe(before);
		});

		test("never sends the key over plain http from n8n's HTTP Request node using the credential", async () => {
			const before = sandbox.requests.length;
			const result = await n8n().execute(plainHttpRequest.id);
			expect(result.status).toBe('error');
			expect(result.nodeError('HTTP Request')?.message).toBe(
				`The API key is sent only over https (plain http only to localhost or 127.0.0.1), so it was not sent to "${plainHttpSandboxUrl()}"`,
			);
			expect(sandbox.requests.length).toBe(before);
		});

		test('an HTTP Request node using the credential does not follow a redirect with the key', async () => {
			await n8n().execute(redirectedHttpRequest.id);
			// the first request, to this machine, carried the key; the node follows redirects by default
			expect(origin.received).toEqual([{ url: '/start', apiKey: sandbox.apiKey }]);
			expect(elsewhere.received).toEqual([]);
		});

		test('an HTTP Request node using the credential does not send the key over plain http through a proxy elsewhere', async () => {
			const result = await n8n().execute(proxiedHttpRequest.id);
			expect(result.nodeError('HTTP Request')?.message).toBe(
				`The API key is sent over plain http only to this machine, so it was not sent through the proxy at "http://0.0.0.0:${proxy.port()}"`,
			);
			expect(proxy.received).toEqual([]);
			expect(origin.received.filter((request) => request.url === '/through-proxy')).toEqual([]);
		});

		test("never writes a key into n8n's output", () => {
			const output = n8n().serverOutput(Infinity);
			expect(output).not.toContain(sandbox.apiKey);
			expect(output).not.toContain(wrongKey);
		});
	});
});
