/**
 * Get Events (Business) passes over items whose business_id is null (companies Match Businesses
 * found no match for) and a hint counts them: the hint must name the business case, not the
 * prospect one. Set-up: ../setup.ts.
 */
import { itemsNode, linearWorkflow, manualTriggerNode, runWorkflow, sandboxCredentials } from '../../harness';
import { sandbox, setUpSandbox } from '../setup';

setUpSandbox({ rateLimit: false });

test('the hint about items without a business_id names Match Businesses, not contacts of Match Prospects', async () => {
	const id = sandbox.universe.businesses[0].business_id;
	const run = await runWorkflow(
		linearWorkflow([
			manualTriggerNode(),
			itemsNode([{ business_id: null }, { business_id: id }, { business_id: null }]),
			{ name: 'Get Events', type: 'n8n-nodes-business-prospect-data.getEvents', typeVersion: 1, parameters: { output: 'inputItem' } },
		]),
		{ credentials: sandboxCredentials(sandbox) },
	);
	expect(run.error).toBeUndefined();
	expect(run.output('Get Events')).toHaveLength(3);
	expect(run.runData['Get Events'][0].hints).toEqual([
		{
			message:
				'2 items had no business_id (for example companies Match Businesses found no match for): nothing was asked for them and they are kept with an empty events list',
			location: 'outputPane',
		},
	]);
});
