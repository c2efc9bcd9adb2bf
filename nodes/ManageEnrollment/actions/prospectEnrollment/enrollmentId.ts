import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { itemValidationError } from '../../../shared/batching/validate';
import { readText } from '../../../shared/inputRules';
import { readParameter } from '../../../shared/parameters';

import { showFor } from '../../helpers/fields';
import { PROSPECT } from '../../helpers/kinds';

/** The service cannot list prospect enrollments: the id comes from the item that created it. */
export function enrollmentIdField(operation: string): INodeProperties {
	return {
		displayName: 'Enrollment ID',
		name: 'enrollmentId',
		type: 'string',
		required: true,
		default: '={{ $json.enrollment_id }}',
		description:
			'The ID the service gave the enrollment when it was created. By default the enrollment_id field of each input item.',
		displayOptions: showFor(PROSPECT, operation),
	};
}

/** The item's enrollment id as text ("" when empty, for the schema to name); an object or a list is an error. */
export const readEnrollmentId = (ctx: IExecuteFunctions, itemIndex: number): string => {
	const text = readText(readParameter(ctx, 'enrollmentId', itemIndex, ''));
	if (!text.ok) throw itemValidationError(ctx.getNode(), itemIndex, `Enrollment ID ${text.problem}`);
	return text.value;
};
