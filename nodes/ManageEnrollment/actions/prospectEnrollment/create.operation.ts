import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { type ApiVersion, dialectFor } from '../../../shared/api';
import { apiVersionOf } from '../../../shared/transport/apiVersion';
import {
	combineField,
	enrollmentKeyField,
	eventTypesField,
	idsField,
	optionsField,
	ttlDaysOption,
	webhookIdField,
} from '../../helpers/fields';
import { PROSPECT } from '../../helpers/kinds';
import { createEnrollments } from '../../helpers/operations';
import { createWebhookIds } from '../../helpers/webhookBinding';

/** v2 enrollments have no expiry: Expire After is offered at the v1 node version only. */
export const descriptionFor = (api: ApiVersion): Array<INodeProperties | undefined> => [
	enrollmentKeyField(PROSPECT, 'create', { required: true, splits: true }, api),
	idsField(PROSPECT, 'create'),
	eventTypesField(PROSPECT, 'create'),
	dialectFor(api).enrollments.bindsWebhook ? webhookIdField(PROSPECT, 'create') : undefined,
	combineField(PROSPECT, 'create'),
	optionsField(PROSPECT, 'create', dialectFor(api).enrollments.ttlDays ? [ttlDaysOption] : []),
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const version = await apiVersionOf(this);
	return await createEnrollments(this, PROSPECT, { version, webhookId: await createWebhookIds(this, version, PROSPECT) });
}
