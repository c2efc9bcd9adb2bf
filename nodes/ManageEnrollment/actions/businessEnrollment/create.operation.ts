import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { type ApiVersion, dialectFor } from '../../../shared/api';
import { apiVersionOf } from '../../../shared/transport/apiVersion';
import { combineField, enrollmentKeyField, eventTypesField, idsField, optionsField, webhookIdField } from '../../helpers/fields';
import { BUSINESS } from '../../helpers/kinds';
import { createEnrollments } from '../../helpers/operations';
import { createWebhookIds } from '../../helpers/webhookBinding';

/** The parameters at the node versions of one API version (undefined: absent there, kept in place). */
export const descriptionFor = (api: ApiVersion): Array<INodeProperties | undefined> => [
	enrollmentKeyField(BUSINESS, 'create', { required: true, splits: true }, api),
	idsField(BUSINESS, 'create'),
	eventTypesField(BUSINESS, 'create'),
	dialectFor(api).enrollments.bindsWebhook ? webhookIdField(BUSINESS, 'create') : undefined,
	combineField(BUSINESS, 'create'),
	optionsField(BUSINESS, 'create'),
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const version = await apiVersionOf(this);
	return await createEnrollments(this, BUSINESS, { version, webhookId: await createWebhookIds(this, version, BUSINESS) });
}
