import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { itemValidationError } from '../../../shared/batching/validate';
import { readText } from '../../../shared/inputRules';
import { showFor } from '../../helpers/fields';
import { BUSINESS } from '../../helpers/kinds';

/** The business enrollment an update or delete acts on: picked from the list, or by id. */
export function enrollmentField(operation: 'update' | 'delete', description: string): INodeProperties {
	return {
		displayName: 'Enrollment',
		name: 'enrollment',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchBusinessEnrollments', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 7d0c2a4e-1b2f-4c3d-9e8f-0a1b2c3d4e5f',
			},
		],
		displayOptions: showFor(BUSINESS, operation),
	};
}

/** The item's enrollment id as text; an object or a list is an error. */
export function readEnrollment(ctx: IExecuteFunctions, itemIndex: number): string {
	const text = readText(ctx.getNodeParameter('enrollment', itemIndex, '', { extractValue: true }));
	if (!text.ok) throw itemValidationError(ctx.getNode(), itemIndex, `Enrollment ${text.problem}`);
	return text.value;
}
