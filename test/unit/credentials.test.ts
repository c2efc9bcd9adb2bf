/**
 * The credential test sends the API key only where the nodes would: over https, or plain http
 * to this machine. Its base URL expression is evaluated here by n8n-workflow's expression engine
 * and compared with normalizeBaseUrl, which the nodes use at run time.
 */
import type { INodeType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import {
	BusinessProspectDataApi,
	REFUSED_BASE_URL,
	TEST_BASE_URL,
} from '../../credentials/BusinessProspectDataApi.credentials';
import { normalizeBaseUrl } from '../../nodes/shared/transport/connection';

const nodeType = { description: { properties: [] } } as unknown as INodeType;
const workflow = new Workflow({
	nodes: [{ id: '1', name: 'A', type: 'test', typeVersion: 1, position: [0, 0], parameters: {} }],
	connections: {},
	active: false,
	nodeTypes: { getByName: () => nodeType, getByNameAndVersion: () => nodeType, getKnownTypes: () => ({}) },
});

const testBaseUrl = (baseUrl: string) =>
	workflow.expression.getParameterValue(TEST_BASE_URL, null, 0, 0, 'A', [], 'internal', {
		$credentials: { baseUrl },
	});

describe('credential test base URL', () => {
	it('is the expression the credential test uses', () => {
		expect(new BusinessProspectDataApi().test.request.baseURL).toBe(TEST_BASE_URL);
	});

	it.each([
		['https://api.example.com/', 'https://api.example.com'],
		[' https://api.example.com// ', 'https://api.example.com'],
		['http://localhost:4010/', 'http://localhost:4010'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
		['http://[::1]:4010', 'http://[::1]:4010'],
	])('sends to %p as the nodes do', (raw, expected) => {
		expect(normalizeBaseUrl(raw)).toBe(expected);
		expect(testBaseUrl(raw)).toBe(expected);
	});

	it.each([
		'http://api.example.com',
		'HTTP://api.example.com/',
		'http://localhost.evil.example',
		'http://localhost@evil.example',
		'http://127.0.0.1:80@evil.example/',
		'http://127.0.0.1.evil.example',
		'ftp://api.example.com',
		'api.example.com',
	])('refuses %p, which the nodes refuse too, without a URL to send to', (raw) => {
		expect(typeof normalizeBaseUrl(raw)).toBe('object');
		expect(testBaseUrl(raw)).toBe(REFUSED_BASE_URL);
		expect(() => new URL(REFUSED_BASE_URL)).toThrow();
		expect(() => new URL(`${REFUSED_BASE_URL}/v1/businesses/events/enrollments`)).toThrow();
	});
});
