/**
 * The credential in real n8n 2.x, on API v1's paths: n8n's HTTP Request node using the credential
 * sends the key to the sandbox on this machine over plain http (a v1 path the sandbox serves). The
 * rest of the credential's behaviour in n8n: smoke.test.ts.
 */
import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { httpRequestWorkflow, SMOKE_CREDENTIAL } from './smoke.cases';

describe('the package in real n8n', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => {
		await sandbox?.close();
	});

	const credential = SMOKE_CREDENTIAL;
	const loopbackHttpRequest = httpRequestWorkflow(credential, 'SmokeHttpRequestLocal');
	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...credential, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			loopbackHttpRequest.nodes[1].parameters.url = `${sandbox.url}/v1/businesses/events/enrollments`;
			await instance.importWorkflows([loopbackHttpRequest]);
		},
	});

	describe('credential test (the editor\'s "Test" button, POST /rest/credentials/test)', () => {
		const sentSince = (index: number) => sandbox.requests.slice(index);

		test('an HTTP Request node using the credential sends the key to this machine over plain http', async () => {
			const before = sandbox.requests.length;
			const result = await n8n().execute(loopbackHttpRequest.id);
			expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
			expect(sentSince(before).map((request) => [request.path, request.status, request.headers.api_key])).toEqual([
				['/v1/businesses/events/enrollments', 200, sandbox.apiKey],
			]);
		});
	});
});
