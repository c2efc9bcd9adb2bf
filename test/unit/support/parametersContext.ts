/**
 * A narrow IExecuteFunctions for the item readers' unit tests: getNodeParameter answers from
 * `parameters` (dotted names walk into collections), the same for every item.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { TEST_NODE } from './fakeContext';

export function parametersContext(parameters: IDataObject, continueOnFail = false): IExecuteFunctions {
	return {
		getNode: () => TEST_NODE,
		getInputData: () => [],
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) => {
			const value = name.split('.').reduce<unknown>((object, key) => (object as IDataObject | undefined)?.[key], parameters);
			return value ?? fallback;
		},
		continueOnFail: () => continueOnFail,
		getTimezone: () => 'UTC',
	} as unknown as IExecuteFunctions;
}
