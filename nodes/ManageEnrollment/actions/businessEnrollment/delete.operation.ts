import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { itemValidationError } from '../../../shared/batching/validate';
import { type ApiVersion, dialectFor } from '../../../shared/api';
import { apiVersionOf } from '../../../shared/transport/apiVersion';
import { BUSINESS } from '../../helpers/kinds';
import { deleteEnrollments } from '../../helpers/remove';
import { enrollmentField, readEnrollment } from './enrollment';

/** API v1 cannot delete business enrollments: the operation exists at the v2 node version only. */
export const descriptionFor = (api: ApiVersion): Array<INodeProperties | undefined> => [
	dialectFor(api).enrollments.deletesBusinessEnrollments ? enrollmentField('delete', 'The business enrollment to delete: its businesses are no longer watched') : undefined,
];

/**
 * Deletes each named enrollment once, however many items name it. On a credential set to v1 every
 * item fails in words before any request, as Manage Webhook 2 does there.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const version = await apiVersionOf(this);
	return await deleteEnrollments(
		this,
		BUSINESS,
		(itemIndex) => {
			if (!dialectFor(version).enrollments.deletesBusinessEnrollments) {
				throw itemValidationError(
					this.getNode(),
					itemIndex,
					"Deleting a business enrollment needs API v2, and the credential's API Version is v1",
					'Set API Version to Per Node Version or v2 in the Business Prospect Data API credential.',
				);
			}
			return readEnrollment(this, itemIndex);
		},
		version,
	);
}
