import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { errorItem, toItemError } from '../../../shared/batching/items';
import { ApiClient } from '../../../shared/transport/apiClient';
import { showFor } from '../../helpers/fields';
import { BUSINESS } from '../../helpers/kinds';

export const description: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Enrollment Key',
				name: 'enrollmentKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. q3-target-accounts',
				description:
					'Only enrollments with this key, together with the parts a large create split off (key-2, key-3, ...)',
			},
		],
		displayOptions: showFor(BUSINESS, 'list'),
	},
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * All active business enrollments, one item each. The list ignores input items: it runs once,
 * paired to item 0 (also its error item under Continue on Fail).
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', 0, {}) as IDataObject;
	const key = String(filters.enrollmentKey ?? '').trim();
	let response: IDataObject;
	try {
		const client = await ApiClient.of(this);
		response = await client.request<IDataObject>('listBusinessEnrollments', undefined, { itemIndex: 0 });
	} catch (caught) {
		const error = toItemError(this, caught, 0);
		if (!this.continueOnFail()) throw error;
		return [errorItem(error, 0)];
	}
	const enrollments = Array.isArray(response?.enrollments) ? (response.enrollments as IDataObject[]) : [];
	const sameKey = new RegExp(`^${escapeRegExp(key)}(?:-\\d+)?$`);
	return enrollments
		.filter((enrollment) => key === '' || sameKey.test(String(enrollment?.enrollment_key ?? '')))
		.map((enrollment) => ({ json: enrollment, pairedItem: { item: 0 } }));
}
