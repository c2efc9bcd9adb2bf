import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { assembleOutput, prepareItems, runEach } from '../../shared/batching/items';
import { ApiClient } from '../../shared/transport/apiClient';
import { apiVersionOf } from '../../shared/transport/apiVersion';
import { withoutContext } from '../helpers/answer';

export const description: INodeProperties[] = [
	{
		displayName:
			'One request per run: every input item gets the same balance. To stop before credits run out, compare Remaining Credits with what the next step needs in an If node.',
		name: 'balanceNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { operation: ['getBalance'] } },
	},
];

/**
 * The key's balance: allocated_credits, remaining_credits and account_type, one output item per
 * input item, paired. The answer does not depend on the item, so one request serves the run.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const prepared = prepareItems(this, (itemIndex) => ({ itemIndex }));
	const client = await ApiClient.of(this, await apiVersionOf(this));
	const results = await runEach(
		this,
		prepared.requests,
		async ({ itemIndex }) => withoutContext(await client.request('credits', undefined, { itemIndex })),
		{ key: () => 'balance' },
	);
	return assembleOutput(this, prepared, results, (itemIndex, outcome) =>
		outcome ? [{ json: { ...outcome.value }, pairedItem: { item: itemIndex } }] : [],
	);
}
