import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ApiVersion } from '../../../shared/catalog';
import { apiVersionOf } from '../../../shared/transport/apiVersion';
import { enrollmentKeyField, eventTypesField, idsField, optionsField, webhookIdField } from '../../helpers/fields';
import { PROSPECT } from '../../helpers/kinds';
import { updateEnrollments } from '../../helpers/operations';
import { readWebhookId } from '../../helpers/webhookBinding';
import { enrollmentIdField, readEnrollmentId } from './enrollmentId';

/** v1 replaces the whole enrollment (key and event types required); v2's update is partial: empty keeps. */
export const descriptionFor = (api: ApiVersion): Array<INodeProperties | undefined> => [
	enrollmentIdField('update', api),
	enrollmentKeyField(PROSPECT, 'update', { required: api === 'v1', splits: false }),
	{
		...idsField(PROSPECT, 'update'),
		hint: 'IDs of all input items that update the same enrollment are combined into one update; those items must set the same key and event types',
	},
	eventTypesField(PROSPECT, 'update', api),
	api === 'v2' ? webhookIdField(PROSPECT, 'update') : undefined,
	optionsField(PROSPECT, 'update'),
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const version = await apiVersionOf(this);
	return await updateEnrollments(this, PROSPECT, {
		enrollmentId: (itemIndex) => readEnrollmentId(this, itemIndex),
		version,
		webhookId: (itemIndex) => readWebhookId(this, itemIndex),
	});
}
