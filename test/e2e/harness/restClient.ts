/**
 * Minimal client for n8n's internal REST API (`/rest/...`, what the editor uses), authenticated
 * with the `n8n-auth` cookie. n8n binds that cookie to a `browser-id` header, so every request
 * sends the same one.
 */
import { randomUUID } from 'node:crypto';

export interface OwnerAccount {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export class RestError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
		request: string,
	) {
		// n8n's error bodies carry `message` (and a long server stack trace, left in `body`).
		const message = isObject(body) && typeof body.message === 'string' ? body.message : JSON.stringify(body);
		super(`${request} answered HTTP ${status}: ${message}`);
	}
}

/** How long a request waits out n8n's "Database is not ready!" (see send). */
const DATABASE_NOT_READY_WAIT_MS = 30_000;

export class N8nRestClient {
	private cookie: string | undefined;
	private readonly browserId = randomUUID();

	constructor(readonly baseUrl: string) {}

	get isAuthenticated(): boolean {
		return this.cookie !== undefined;
	}

	/** Creates the instance owner (first start of a user folder) and keeps the auth cookie. */
	async setupOwner(owner: OwnerAccount): Promise<string> {
		return await this.authenticate('/rest/owner/setup', owner);
	}

	/** Logs in as an existing user (e.g. the owner of a persistent user folder) and keeps the cookie. */
	async login(email: string, password: string): Promise<string> {
		return await this.authenticate('/rest/login', { emailOrLdapLoginId: email, password });
	}

	/**
	 * Calls `/rest<path>` (or an absolute path such as `/types/nodes.json`) and returns the
	 * response's `data` (n8n wraps REST answers in `{ data }`). Throws RestError on non-2xx.
	 */
	async request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await this.send(method, path, body);
		const parsed = await parseBody(response);
		if (!response.ok) throw new RestError(response.status, parsed, `${method} ${path}`);
		return (isObject(parsed) && 'data' in parsed ? parsed.data : parsed) as T;
	}

	/** Like `request` but returns the status and raw parsed body, never throws on HTTP errors. */
	async raw(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
		const response = await this.send(method, path, body);
		return { status: response.status, body: await parseBody(response) };
	}

	private async authenticate(path: string, body: unknown): Promise<string> {
		const response = await this.send('POST', path, body);
		if (!response.ok) throw new RestError(response.status, await parseBody(response), `POST ${path}`);
		const cookie = response.headers
			.getSetCookie()
			.map((header) => header.split(';')[0])
			.find((pair) => pair.startsWith('n8n-auth='));
		if (!cookie) throw new Error(`POST ${path} did not set the n8n-auth cookie`);
		this.cookie = cookie;
		return cookie;
	}

	/**
	 * n8n refuses every request with 503 "Database is not ready!" while its database health check
	 * fails, before routing it (so sending it again cannot repeat anything): at load 17 to 28 its
	 * ping of SQLite timed out for seconds and failed whole test files. Waits that out, up to 30 s.
	 */
	private async send(method: string, path: string, body?: unknown): Promise<Response> {
		const deadline = Date.now() + DATABASE_NOT_READY_WAIT_MS;
		for (;;) {
			const response = await this.sendOnce(method, path, body);
			if (response.status !== 503 || Date.now() > deadline || !(await response.clone().text()).includes('Database is not ready')) return response;
			await new Promise((resolve) => setTimeout(resolve, 1_000));
		}
	}

	private async sendOnce(method: string, path: string, body?: unknown): Promise<Response> {
		const url = `${this.baseUrl}${path.startsWith('/rest/') || path.startsWith('/types/') || path.startsWith('/healthz') ? '' : '/rest'}${path}`;
		const headers: Record<string, string> = { 'browser-id': this.browserId, accept: 'application/json' };
		if (this.cookie) headers.cookie = this.cookie;
		if (body !== undefined) headers['content-type'] = 'application/json';
		const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
		try {
			return await fetch(url, init);
		} catch (error) {
			// n8n closes a keep-alive connection idle for 5 s; a request sent on it as it closes fails
			// with "other side closed" before n8n read it. Sent again once, on a new connection.
			if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
			return await fetch(url, init);
		}
	}
}

async function parseBody(response: Response): Promise<unknown> {
	const text = await response.text();
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
