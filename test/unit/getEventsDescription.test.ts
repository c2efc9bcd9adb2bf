import type { INode, INodeParameters, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

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
