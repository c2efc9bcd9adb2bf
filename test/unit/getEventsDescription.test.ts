import type { INode, INodeParameters, INodeTypes } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { GetEvents } from '../../nodes/GetEvents/GetEvents.node';

/** The subtitle as the editor renders it: n8n's expression engine on the node's parameters. */
function subtitle(parameters: INodeParameters): unknown {
	const type = new GetEvents();
	const node: INode = {
		id: 'n1',
		name: 'Get Events',
		type: 'n8n-nodes-business-prospect-data.getEvents',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const nodeTypes = { getByName: () => type, getByNameAndVersion: () => type, getKnownTypes: () => ({}) } as unknown as INodeTypes;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, type.description.subtitle, 'internal', {});
}

describe('Get Events: subtitle', () => {
	it('counts the selected and the other event types, each once', () => {
		expect(subtitle({ eventTypes: ['new_product', 'new_office'] })).toBe('2 Event Types');
		expect(subtitle({ eventTypes: [], options: { otherEventTypes: 'company_award' } })).toBe('1 Event Type');
		expect(subtitle({ eventTypes: ['new_product'], options: { otherEventTypes: 'company_award, new_product;\ncost_cutting' } })).toBe(
			'3 Event Types',
		);
		expect(subtitle({ eventTypes: ['new_product'], options: {} })).toBe('1 Event Type');
	});
});

describe('Get Events: prospects', () => {
	it('counts the prospect event types when the resource is Prospect', () => {
		expect(subtitle({ resource: 'prospect', prospectEventTypes: ['prospect_changed_role', 'prospect_changed_company'] })).toBe(
			'2 Prospect Event Types',
		);
		// the business selection does not count for prospects
		expect(subtitle({ resource: 'prospect', eventTypes: ['new_product'], prospectEventTypes: [] })).toBe('0 Prospect Event Types');
		expect(subtitle({ resource: 'business', eventTypes: ['new_product'] })).toBe('1 Event Type');
	});

	it('a workflow saved before the Resource parameter resolves exactly as before: businesses', () => {
		const type = new GetEvents();
		const node = { name: 'N', type: 'getEvents', typeVersion: 1, parameters: {} } as unknown as INode;
		const resolved = NodeHelpers.getNodeParameters(type.description.properties, {}, true, false, node, type.description) as INodeParameters;
		expect(resolved.resource).toBe('business');
		expect(resolved.businessIds).toBe('={{ $json.business_id }}');
		expect(resolved).toHaveProperty('eventTypes');
		expect(resolved).not.toHaveProperty('prospectIds');
		expect(resolved).not.toHaveProperty('prospectEventTypes');
	});

	it('Prospect reads prospect_id by default and offers the prospect event types', () => {
		const type = new GetEvents();
		const values = { resource: 'prospect' };
		const node = { name: 'N', type: 'getEvents', typeVersion: 1, parameters: values } as unknown as INode;
		const resolved = NodeHelpers.getNodeParameters(type.description.properties, values, true, false, node, type.description) as INodeParameters;
		expect(resolved.prospectIds).toBe('={{ $json.prospect_id }}');
		expect(resolved.prospectEventTypes).toEqual(['prospect_changed_company', 'prospect_changed_role']);
		expect(resolved).not.toHaveProperty('businessIds');
		expect(resolved).not.toHaveProperty('eventTypes');
		const picker = type.description.properties.find((property) => property.name === 'prospectEventTypes');
		expect(picker?.options?.map((option) => (option as { value: string }).value).sort()).toEqual([
			'prospect_changed_company',
			'prospect_changed_role',
			'prospect_job_start_anniversary',
		]);
	});
});
