/**
 * A webhook receiver on 127.0.0.1 for the sandbox's push tests, and the receiver's own signature
 * check (node:crypto, webhooks-research.md §3), independent of the package's and the sandbox's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The receiver's own check: key = urlsafe_b64decode(secret), HMAC-SHA256 over "<ts>.<raw body>", urlsafe b64 with padding. */
export function verifies(secret: string, headers: IncomingHttpHeaders, raw: Buffer): boolean {
	const timestamp = headers['x-timestamp'];
	const signature = headers['x-signature'];
	if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
	const key = Buffer.from(secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
	const digest = createHmac('sha256', key)
		.update(Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), raw]))
		.digest('base64')
		.replace(/\+/g, '-')
		.replace(/\//g, '_');
	return digest.length === signature.length && timingSafeEqual(Buffer.from(digest), Buffer.from(signature));
}

export interface Received {
	headers: IncomingHttpHeaders;
	raw: Buffer;
}

/** A receiver on 127.0.0.1 that records every request and answers the scripted statuses (then 200). */
export async function startReceiver() {
	const received: Received[] = [];
	const script: number[] = [];
	let waiters: Array<{ count: number; resolve: () => void }> = [];
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
			res.writeHead(script.shift() ?? 200, { 'Content-Type': 'application/json' });
			res.end('{"message":"ok"}');
			waiters = waiters.filter((waiter) => (received.length >= waiter.count ? (waiter.resolve(), false) : true));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
	return {
		url,
		received,
		script,
		/** resolves once `count` requests have arrived */
		waitFor: (count: number) =>
			received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
