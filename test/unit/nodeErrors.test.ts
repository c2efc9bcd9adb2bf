/**
 * Errors that do not carry n8n-workflow's class names (a bundled or minified copy of n8n-workflow,
 * an Error made in another realm, a thrown object) still reach the user as n8n's node errors do:
 * with the item index, the message and the description (nodes/shared/transport/nodeErrors.ts).
 */
import { NodeOperationError } from 'n8n-workflow';

import { errorItem, toItemError } from '../../nodes/shared/batching/items';
import { asNodeError as asRegistrationError } from '../../nodes/shared/api';
import { isNodeApiError, isNodeError, isNodeOperationError } from '../../nodes/shared/transport/nodeErrors';
import { TEST_NODE } from './support/fakeContext';

/** n8n-workflow's node errors as a copy whose class names were minified would make them. */
function renamedCopy() {
	class e extends Error {
		node = TEST_NODE;
		context: Record<string, unknown> = {};
		description?: string;
		constructor(message: string, description?: string) {
			super(message);
			this.description = description;
		}
	}
	class t extends e {
		httpCode: string | null = null;
	}
	const apiError = Object.assign(new t('The service answered 422: business_ids[7] is not an ID', 'Check the IDs.'), { httpCode: '422' });
	const operationError = new e('The request could not be sent', 'Check the Base URL.');
	return { apiError, operationError };
}

describe('node errors recognised by their fields when their classes are not the expected ones', () => {
	it('tells API errors (with httpCode) from operation errors, and other values from both', () => {
		const { apiError, operationError } = renamedCopy();
		expect([isNodeApiError(apiError), isNodeOperationError(apiError), isNodeError(apiError)]).toEqual([true, false, true]);
		expect([isNodeApiError(operationError), isNodeOperationError(operationError), isNodeError(operationError)]).toEqual([false, true, true]);
		const notNodeErrors = [
			new Error('x'),
			{ httpCode: '404' },
			{ message: 'x', context: {} },
			{ message: 'x', node: TEST_NODE },
			{ message: 'x', node: null, context: {} },
			{ message: 42, node: TEST_NODE, context: {} },
			null,
			'NodeApiError',
		];
		expect(notNodeErrors.map(isNodeError)).toEqual(notNodeErrors.map(() => false));
	});

	it('pass through with their message and description, tied to the item when they name none', () => {
		const { apiError, operationError } = renamedCopy();
		expect(toItemError(TEST_NODE, apiError, 3)).toBe(apiError);
		expect([apiError.context.itemIndex, apiError.message, apiError.description, apiError.httpCode]).toEqual([
			3,
			'The service answered 422: business_ids[7] is not an ID',
			'Check the IDs.',
			'422',
		]);
		expect(errorItem(apiError as never, 3)).toEqual({
			json: { error: 'The service answered 422: business_ids[7] is not an ID', details: 'Check the IDs.' },
			pairedItem: { item: 3 },
		});
		// an item index it already names is kept
		operationError.context.itemIndex = 1;
		expect(asRegistrationError(TEST_NODE, operationError, 4)).toBe(operationError);
		expect(operationError.context.itemIndex).toBe(1);
	});

	it('an Error from another realm or a thrown object keeps its message and description in the node error', () => {
		// as an Error made in another realm (a vm context) is here: an Error by its fields, not by instanceof
		const otherRealm = Object.assign(Object.create({ name: 'Error' }) as object, {
			message: 'The lookup failed',
			description: 'Try again later.',
			stack: 'Error: The lookup failed',
		});
		expect(otherRealm instanceof Error).toBe(false);
		const thrownObject = { message: 'Not valid JSON', description: 'Write the body as JSON.' };
		for (const [caught, itemIndex] of [
			[otherRealm, 2],
			[thrownObject, 6],
		] as const) {
			for (const wrap of [toItemError, asRegistrationError]) {
				const error = wrap(TEST_NODE, caught, itemIndex);
				expect(error).toBeInstanceOf(NodeOperationError);
				expect([error.message, error.description, error.context.itemIndex]).toEqual([caught.message, caught.description, itemIndex]);
			}
		}
		expect(errorItem(toItemError(TEST_NODE, otherRealm, 2), 2).json).toEqual({ error: 'The lookup failed', details: 'Try again later.' });
	});

	it('a thrown value without a message says what was thrown', () => {
		expect([toItemError(TEST_NODE, 'plain text', 0).message, toItemError(TEST_NODE, 404, 0).message, toItemError(TEST_NODE, {}, 0).message]).toEqual([
			'plain text',
			'404',
			'Unknown error',
		]);
	});
});
