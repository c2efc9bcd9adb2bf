/** API v1's cases of getEventsParameters.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1"). */
import { RESOURCES } from '../../nodes/GetEvents/actions/getEvents.operation';
import { ENDPOINTS, V1_ENDPOINTS } from '../../nodes/shared/api';

describe('the resources of Get Events', () => {
	it('take their id list and id field from the events endpoint\'s catalog entry, the same in both versions', () => {
		expect(Object.values(RESOURCES).map(({ endpoint, idsField, itemField }) => [endpoint, idsField, itemField])).toEqual([
			['getBusinessEvents', 'business_ids', 'business_id'],
			['getProspectEvents', 'prospect_ids', 'prospect_id'],
		]);
		for (const { endpoint, idsField, itemField } of Object.values(RESOURCES)) {
			for (const catalog of [V1_ENDPOINTS, ENDPOINTS]) {
				expect([catalog[endpoint].batch?.key, catalog[endpoint].result?.join]).toEqual([idsField, { by: 'id', field: itemField }]);
			}
		}
	});
});
