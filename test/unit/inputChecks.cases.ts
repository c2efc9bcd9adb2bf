/**
 * What inputChecks.test.ts and inputChecks.v1.test.ts share: a Manage Enrollment item (a business
 * enrollment created from item 4, read as the version in `read` reads it: v1 unless named) refused
 * before anything is sent, with this message.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { BUSINESS } from '../../nodes/ManageEnrollment/helpers/kinds';
import { readItem } from '../../nodes/ManageEnrollment/helpers/plan';
import { ItemValidationError } from '../../nodes/shared/batching/validate';
import { parametersContext } from './support/parametersContext';

const ID = '0123456789abcdef0123456789abcdef';
const NOTHING_SENT = 'Nothing was sent to the service for this item.';

const enrollment = (parameters: INodeParameters) =>
	parametersContext({ enrollmentKey: 'k-watch', businessIds: ID, prospectIds: 'p1', eventTypes: ['new_product'], options: {}, ...parameters } as IDataObject);

export function refusesTheEnrollment(parameters: INodeParameters, message: string, read: Parameters<typeof readItem>[4] = {}): void {
	let error: unknown;
	try {
		readItem(enrollment(parameters), BUSINESS, 'create', 4, read);
	} catch (caught) {
		error = caught;
	}
	expect(error).toBeInstanceOf(ItemValidationError);
	expect((error as Error).message).toBe(message);
	expect(String((error as { description?: string }).description)).toBe(NOTHING_SENT);
}
