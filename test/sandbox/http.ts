/** Reading requests with node:http: body, JSON, headers. */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

import { generalError, invalid, validationError } from './errors';

/** Larger bodies are refused: no valid request comes close (1,000 exclude ids are ~35 KB). */
const MAX_BODY_BYTES = 1_000_000;

export async function readBody(req: IncomingMessage, correlationId: string): Promise<string> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > MAX_BODY_BYTES) throw generalError(413, 'Request body too large', correlationId);
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks).toString('utf8');
}

/** An empty body reads as {} (a GET has none), so the schemas decide what is missing. */
export function parseJson(raw: string): unknown {
	if (raw.trim() === '') return {};
	try {
		return JSON.parse(raw);
	} catch (error) {
		throw validationError([invalid([], `Invalid JSON: ${(error as Error).message}`, 'value_error.jsondecode')]);
	}
}

export const flattenHeaders = (headers: IncomingHttpHeaders): Record<string, string> =>
	Object.fromEntries(
		Object.entries(headers).flatMap(([name, value]) =>
			value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
		),
	);

/** One header's value; names are lowercase, as Node delivers them. */
export const headerOf = (headers: IncomingHttpHeaders, name: string) => {
	const value = headers[name];
	return Array.isArray(value) ? value[0] : value;
};
