/**
 * Reads a multipart/form-data body (RFC 7578) into its fields as text, as the service's upload
 * endpoint reads the dataset: each part's name from its Content-Disposition, a file part's
 * content as its text. A body that is not well-formed multipart is a 422, like invalid JSON.
 */
import { invalid, validationError } from '../../errors';

/** The boundary of a multipart/form-data content type, or undefined for any other type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
	if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
	const match = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
	return match?.[1] ?? match?.[2];
}

const malformed = (why: string) => validationError([invalid([], `Invalid multipart body: ${why}`, 'value_error.multipart')]);

/** The fields of a multipart body, by name (a name sent twice keeps its first value). */
export function parseMultipart(raw: string, boundary: string): Record<string, string> {
	const delimiter = `--${boundary}`;
	const sections = raw.split(delimiter);
	if (sections.length < 3) throw malformed('no parts');
	const last = sections[sections.length - 1];
	if (!last.startsWith('--')) throw malformed('no closing boundary');
	const fields: Record<string, string> = {};
	// before the first delimiter: a preamble; after the last: the epilogue
	for (const section of sections.slice(1, -1)) {
		if (!section.startsWith('\r\n')) throw malformed('a boundary is not followed by a line break');
		const headerEnd = section.indexOf('\r\n\r\n');
		if (headerEnd === -1) throw malformed('a part has no blank line after its headers');
		const headers = section.slice(2, headerEnd).split('\r\n');
		const disposition = headers.find((line) => /^content-disposition:/i.test(line));
		const name = disposition && /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
		if (!name) throw malformed('a part has no Content-Disposition name');
		// the part's content ends with the line break before the next delimiter
		if (!section.endsWith('\r\n')) throw malformed(`the part "${name}" does not end with a line break`);
		if (!Object.hasOwn(fields, name)) fields[name] = section.slice(headerEnd + 4, -2);
	}
	return fields;
}
