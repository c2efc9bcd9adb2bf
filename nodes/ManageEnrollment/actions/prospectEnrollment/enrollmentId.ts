import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

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

export const readEnrollmentId = (ctx: IExecuteFunctions, itemIndex: number): string => {
	const value = readParameter(ctx, 'enrollmentId', itemIndex, '');
	return value === undefined || value === null ? '' : String(value).trim();
};
