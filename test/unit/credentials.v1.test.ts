/**
 * API v1's cases of credentials.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The credential adds the API key only to requests that go over https, or over plain http to
 * this machine and not through a proxy elsewhere: the nodes' requests, its own test (whose Base
 * URL it cleans and checks as the nodes do, with normalizeBaseUrl) and an HTTP Request node using
 * it. A refused request fails with a message that says why, before anything is sent. No signed
 * request follows a redirect: n8n keeps custom headers such as API_KEY on every redirect.
 */
import { checksThePath } from './credentials.cases';

describe('credential test request', () => {
	it.each([
		['v1: the call it always made', { apiVersion: 'v1' }, '/v1/businesses/events/enrollments'],
	])('checks the chosen API version: %s', (_name, stored, path) => checksThePath(stored, path));
});
