/**
 * Package-level acceptance in real n8n: the packed package, installed the way users install
 * community packages, loads exactly the nodes its manifest lists, registers its credential, and
 * n8n's own credential test (the editor's "Test" button) passes with the right key and explains
 * a wrong one, without the key leaking into anything n8n outputs.
 */
import { startSandbox, type Sandbox } from '../sandbox';
import { loadExampleWorkflows } from './harness/exampleWorkflows';
import { useN8n } from './harness/jest';
import { CREDENTIAL_TYPE } from './harness/n8nInstance';
import { expectedCredentialTypes, expectedNodeTypes, readManifest } from './support/packageManifest';

describe('the package in real n8n', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => {
		await sandbox?.close();
	});

	const credential = { id: 'smokeCredential1', name: 'Business Prospect Data (sandbox)' };
	const examples = loadExampleWorkflows(credential);
	const n8n = useN8n({
		start: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...credential, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			await instance.importWorkflows(examples.map((example) => example.workflow));
		},
	});
	const packageName = readManifest().name;

	test('loads without errors', () => {
		expect(n8n().packageLoadErrors()).toEqual([]);
	});

	test('lists exactly the node types of the manifest (plus generated tool variants)', async () => {
		const ours = (names: string[]) => names.filter((name) => name.startsWith(`${packageName}.`)).sort();
		const expected = expectedNodeTypes();
		expect(expected.length).toBeGreaterThan(0);
		// What the editor receives over REST, and the file n8n writes for it.
		const served = await n8n().rest<Array<{ name: string }>>('GET', '/types/nodes.json');
		expect(ours(served.map((type) => type.name))).toEqual(expected);
		expect(ours(n8n().nodeTypes().map((type) => type.name))).toEqual(expected);
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
				expect(request).toMatchObject({ path: '/v1/businesses/events/enrollments', status: 200 });
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

		test('removes a trailing /v1 from the base URL', async () => {
			const result = await n8n().testCredential({ apiKey: sandbox.apiKey, baseUrl: `${sandbox.url}/v1/` });
			expect(result.status).toBe('OK');
			expect(sandbox.requests.at(-1)?.path).toBe('/v1/businesses/events/enrollments');
		});

		test('refuses to send the key over plain http to another machine', async () => {
			const before = sandbox.requests.length;
			const result = await n8n().testCredential({ apiKey: sandbox.apiKey, baseUrl: 'http://api.example.com' });
			expect(result.status).toBe('Error');
			// n8n shows only the error code here; the field's description says why (https required)
			expect(result.message).toBe('ERR_INVALID_URL');
			expect(sandbox.requests.length).toBe(before);
		});

		test("never writes a key into n8n's output", () => {
			const output = n8n().serverOutput(Infinity);
			expect(output).not.toContain(sandbox.apiKey);
			expect(output).not.toContain(wrongKey);
		});
	});

	describe('example workflows (examples/*.json) run against the sandbox', () => {
		const manual = examples.filter((example) => example.manual);

		test('there is at least one to run', () => {
			expect(manual.length).toBeGreaterThan(0);
		});

		test.each(manual.map((example) => [example.file, example.workflow.id]))('%s', async (_file, workflowId) => {
			const result = await n8n().execute(workflowId);
			expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
			expect(result.diagnostics.exitCode).toBe(0);
			expect(`${result.diagnostics.stdout}${result.diagnostics.stderr}`).not.toContain(sandbox.apiKey);
		});
	});
});
