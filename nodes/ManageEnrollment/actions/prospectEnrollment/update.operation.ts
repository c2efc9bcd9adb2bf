import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { itemValidationError } from '../../../shared/batching/validate';
import { type ApiVersion, dialectFor } from '../../../shared/api';
import { readEventTypes } from '../../../shared/eventTypes';
import { readText } from '../../../shared/inputRules';
import { readParameter } from '../../../shared/parameters';
import { apiVersionOf, nodeApiVersion } from '../../../shared/transport/apiVersion';
import { enrollmentKeyField, eventTypesField, idsField, optionsField, webhookIdField } from '../../helpers/fields';
import { PROSPECT } from '../../helpers/kinds';
import { updateEnrollments } from '../../helpers/operations';
import { readWebhookId } from '../../helpers/webhookBinding';
import { enrollmentIdField, readEnrollmentId } from './enrollmentId';

/** v1 replaces the whole enrollment (key and event types required); v2's update is partial: empty keeps. */
export const descriptionFor = (api: ApiVersion): Array<INodeProperties | undefined> => [
	enrollmentIdField('update', api),
	enrollmentKeyField(PROSPECT, 'update', { required: !dialectFor(api).enrollments.partialUpdate, splits: false }),
	{
		...idsField(PROSPECT, 'update'),
		hint: 'IDs of all input items that update the same enrollment are combined into one update; those items must set the same key and event types',
	},
	eventTypesField(PROSPECT, 'update', api),
	dialectFor(api).enrollments.bindsWebhook ? webhookIdField(PROSPECT, 'update') : undefined,
	optionsField(PROSPECT, 'update'),
];

/**
 * Version 2 lets key and event types be left empty (v2 keeps them). On a credential set to v1,
 * whose prospect update replaces the enrollment, such an item fails saying so, before any request.
 */
function requireReplacement(ctx: IExecuteFunctions, itemIndex: number): void {
	const key = readText(readParameter(ctx, 'enrollmentKey', itemIndex, ''));
	const options = readParameter(ctx, 'options', itemIndex, {}) as IDataObject;
	const types = readEventTypes(readParameter(ctx, 'eventTypes', itemIndex, []), options.otherEventTypes);
	if ((key.ok && key.value === '') || (types.ok && types.value.length === 0)) {
		throw itemValidationError(
			ctx.getNode(),
			itemIndex,
			"Enrollment Key and Event Types are required here: the credential's API Version is v1, where a prospect update replaces the whole enrollment",
			'Set both (the enrollment\'s current ones to keep them), or set API Version to Per Node Version or v2 in the credential.',
		);
	}
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const version = await apiVersionOf(this);
	// a node version built for partial updates, on a version whose update replaces the whole enrollment
	const replaces = !dialectFor(version).enrollments.partialUpdate && dialectFor(nodeApiVersion(this.getNode())).enrollments.partialUpdate;
	return await updateEnrollments(this, PROSPECT, {
		enrollmentId: (itemIndex) => {
			if (replaces) requireReplacement(this, itemIndex);
			return readEnrollmentId(this, itemIndex);
		},
		version,
		webhookId: (itemIndex) => readWebhookId(this, itemIndex),
	});
}
