import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { itemValidationError } from '../../../shared/batching/validate';
import { readText } from '../../../shared/inputRules';
import { type ApiVersion, dialectFor } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';

import { showFor } from '../../helpers/fields';
import { PROSPECT } from '../../helpers/kinds';
import { DEFAULT_API_VERSION } from '../../../shared/transport/connection';

/**
 * The prospect enrollment by id, by default from the item (v1 cannot list prospect enrollments,
 * so the id comes from the item that created it; v2 lists them with Get Many).
 */
export function enrollmentIdField(operation: string, api: ApiVersion = DEFAULT_API_VERSION): INodeProperties {
	return {
		displayName: 'Enrollment ID',
		name: 'enrollmentId',
		type: 'string',
		required: true,
		default: '={{ $json.enrollment_id }}',
		description:
			dialectFor(api).enrollments.listsProspectEnrollments
				? 'The ID the service gave the enrollment when it was created, as Create and Get Many output it. By default the enrollment_id field of each input item.'
				: 'The ID the service gave the enrollment when it was created. By default the enrollment_id field of each input item.',
		displayOptions: showFor(PROSPECT, operation),
	};
}

/** The item's enrollment id as text ("" when empty, for the schema to name); an object or a list is an error. */
export const readEnrollmentId = (ctx: IExecuteFunctions, itemIndex: number): string => {
	const text = readText(readParameter(ctx, 'enrollmentId', itemIndex, ''));
	if (!text.ok) throw itemValidationError(ctx.getNode(), itemIndex, `Enrollment ID ${text.problem}`);
	return text.value;
};
