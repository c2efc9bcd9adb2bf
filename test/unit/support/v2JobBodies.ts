/** A body each endpoint of the v2 job flow accepts, from the sync enrichments' sample bodies. */
import { type JobControlName, type JobOperationName, jobOperationOf } from '../../../nodes/shared/api';

export const SAMPLE_LIST_ID = 'dataset-0001';

type Body = Record<string, unknown>;

/** Each enrichment's `/job` body: the sample's parameters with a list_id; upload fields; no body for status and cancel. */
export function jobBodiesOf<B extends Record<string, Body>>(
	pull: B,
): Record<JobOperationName<Extract<keyof B, `enrich${string}`>> | JobControlName, Body> {
	const bodies: Record<string, Body> = {
		uploadEntityIdDataset: { file: 'business_id\r\nbbbb\r\n', entity_type: 'business', name: 'ids', description: '' },
		jobStatus: {},
		jobCancel: {},
	};
	for (const [name, body] of Object.entries(pull)) {
		if (!name.startsWith('enrich')) continue;
		bodies[jobOperationOf(name)] = { list_id: SAMPLE_LIST_ID, ...(body.parameters !== undefined && { parameters: body.parameters }) };
	}
	return bodies as Record<JobOperationName<Extract<keyof B, `enrich${string}`>> | JobControlName, Body>;
}
