import type { IDataObject } from 'n8n-workflow';

/** An answer's fields without its response_context (correlation id and timing, not the user's data). */
export function withoutContext(answer: IDataObject): IDataObject {
	const fields = { ...answer };
	delete fields.response_context;
	return fields;
}
