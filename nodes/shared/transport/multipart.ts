/**
 * A multipart/form-data body (RFC 7578) as text, built without a dependency: n8n's HTTP helper
 * sends a string body as it is, under the Content-Type given. Every field is a text part; the
 * `file` fields go as a file part (a filename and a content type), as the dataset upload takes
 * its CSV.
 */
import { randomBytes } from 'crypto';

export interface MultipartBody {
	body: string;
	contentType: string;
}

/** Quotes a name for a Content-Disposition header: no line breaks, quotes escaped. */
const quoted = (text: string) => `"${text.replace(/[\r\n]/g, ' ').replace(/"/g, '%22')}"`;

/**
 * The fields as one multipart body. `files` names the fields sent as files, with their file
 * names; their content type is `fileType`. The boundary is random and checked against the
 * content (a collision is one in 2^96, and would otherwise cut a field short).
 */
export function multipartBody(
	fields: Record<string, string>,
	files: Record<string, string> = {},
	fileType = 'text/csv',
	boundary = `n8n-business-prospect-data-${randomBytes(12).toString('hex')}`,
): MultipartBody {
	const parts: string[] = [];
	for (const [name, value] of Object.entries(fields)) {
		if (value.includes(boundary)) throw new Error('A multipart field contains the boundary');
		const file = Object.hasOwn(files, name) ? files[name] : undefined;
		const disposition = `Content-Disposition: form-data; name=${quoted(name)}${file === undefined ? '' : `; filename=${quoted(file)}`}`;
		const type = file === undefined ? '' : `\r\nContent-Type: ${fileType}`;
		parts.push(`--${boundary}\r\n${disposition}${type}\r\n\r\n${value}\r\n`);
	}
	return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}
