/**
 * What the editor shows before anything runs: the node creator finds every node by the service's
 * name and the words users type (n8n searches display names and codex aliases), and subtitles
 * are Title Case without "undefined" for any resource and operation, Custom API Call included.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { INode, INodeParameters, INodeType, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { BusinessEventsTrigger } from '../../nodes/BusinessEventsTrigger/BusinessEventsTrigger.node';
import { BusinessEventsWebhookTrigger } from '../../nodes/BusinessEventsWebhookTrigger/BusinessEventsWebhookTrigger.node';
import { Enrich } from '../../nodes/Enrich/Enrich.node';
import { GetEvents } from '../../nodes/GetEvents/GetEvents.node';
import { CheckCredits } from '../../nodes/CheckCredits/CheckCredits.node';
import { LookUpFilterValues } from '../../nodes/LookUpFilterValues/LookUpFilterValues.node';
import { ManageEnrollment } from '../../nodes/ManageEnrollment/ManageEnrollment.node';
import { ManageWebhook } from '../../nodes/ManageWebhook/ManageWebhook.node';
import { MatchBusinesses } from '../../nodes/MatchBusinesses/MatchBusinesses.node';
import { MatchProspects } from '../../nodes/MatchProspects/MatchProspects.node';
import { SearchBusinesses } from '../../nodes/SearchBusinesses/SearchBusinesses.node';
import { SearchProspects } from '../../nodes/SearchProspects/SearchProspects.node';

const ROOT = path.resolve(__dirname, '../..');
const NODES: Array<[string, INodeType]> = [
	['BusinessEventsTrigger', new BusinessEventsTrigger()],
	['Enrich', new Enrich()],
	['GetEvents', new GetEvents()],
	['LookUpFilterValues', new LookUpFilterValues()],
	['ManageEnrollment', new ManageEnrollment()],
	['MatchProspects', new MatchProspects()],
	['MatchBusinesses', new MatchBusinesses()],
	['SearchBusinesses', new SearchBusinesses()],
	['SearchProspects', new SearchProspects()],
	['BusinessEventsWebhookTrigger', new BusinessEventsWebhookTrigger()],
	['ManageWebhook', new ManageWebhook()],
	['CheckCredits', new CheckCredits()],
];

const codexOf = (folder: string) =>
	JSON.parse(readFileSync(path.join(ROOT, 'nodes', folder, `${folder}.node.json`), 'utf8')) as {
		node: string;
		alias: string[];
	};

function subtitle(type: INodeType, parameters: INodeParameters, typeVersion = 1): unknown {
	const node: INode = { id: 'n1', name: 'Node', type: `x.${type.description.name}`, typeVersion, position: [0, 0], parameters };
	const nodeTypes = { getByName: () => type, getByNameAndVersion: () => type, getKnownTypes: () => ({}) } as unknown as INodeTypes;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, type.description.subtitle, 'internal', {});
}

describe('node creator: every node found by the service name and the words users type', () => {
	it.each(NODES)('%s: codex names the node and carries the service name', (folder, type) => {
		const codex = codexOf(folder);
		expect(codex.node).toBe(`n8n-nodes-business-prospect-data.${type.description.name}`);
		expect(codex.alias).toEqual(expect.arrayContaining(['Business Prospect Data', 'business', 'prospect']));
		const lower = codex.alias.map((alias) => alias.toLowerCase());
		expect(new Set(lower).size).toBe(lower.length);
	});

	it('the words from the issue each find a node', () => {
		const aliases = NODES.flatMap(([folder]) => codexOf(folder).alias.map((alias) => alias.toLowerCase()));
		for (const word of ['lead enrichment', 'company data', 'firmographics', 'contact matching', 'business events', 'enrollment', 'watch list', 'webhook', 'push']) {
			expect(aliases).toContain(word);
		}
	});
});

describe('subtitles: Title Case, never "undefined"', () => {
	it.each([
		[{ resource: 'businessEnrollment', operation: 'create' }, 'Create Business Enrollment'],
		[{ resource: 'businessEnrollment', operation: 'list' }, 'Get Many Business Enrollments'],
		[{ resource: 'businessEnrollment', operation: 'update' }, 'Update Business Enrollment'],
		[{ resource: 'prospectEnrollment', operation: 'delete' }, 'Delete Prospect Enrollment'],
		// version 2 (API v2)
		[{ resource: 'businessEnrollment', operation: 'delete' }, 'Delete Business Enrollment'],
		[{ resource: 'prospectEnrollment', operation: 'list' }, 'Get Many Prospect Enrollments'],
		[{ resource: 'businessEnrollment', operation: '__CUSTOM_API_CALL__' }, 'Custom API Call'],
		[{ resource: '__CUSTOM_API_CALL__' }, 'Custom API Call'],
	])('Manage Enrollment %j: %s', (parameters, expected) => {
		expect(subtitle(new ManageEnrollment(), parameters as INodeParameters)).toBe(expected);
	});

	it('the list operation is named Get Many; its value stays "list" for saved workflows', () => {
		const operation = new ManageEnrollment().description.properties.find(
			(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.[0] === 'businessEnrollment',
		);
		expect(operation?.options).toContainEqual(expect.objectContaining({ name: 'Get Many', value: 'list' }));
	});

	it.each([
		[new SearchBusinesses(), { mode: 'preview' }, 'Preview Records'],
		[new SearchBusinesses(), { mode: 'full' }, 'Full Records'],
		[new SearchBusinesses(), { operation: 'getStatistics', mode: 'full' }, 'Statistics'],
		[new SearchProspects(), { mode: 'preview' }, 'Preview Records'],
		[new SearchProspects(), { operation: 'getStatistics' }, 'Statistics'],
		[new Enrich(), { resource: 'prospect' }, 'Enrich Prospects'],
		[new Enrich(), { resource: 'business' }, 'Enrich Businesses'],
		[new MatchProspects(), {}, 'Find Prospect IDs'],
		[new MatchBusinesses(), {}, 'Find Business IDs'],
		[new LookUpFilterValues(), { field: 'job_title' }, 'Look Up Job Title'],
		[new LookUpFilterValues(), {}, 'Look Up Category (Web Search Category)'],
		[new LookUpFilterValues(), { field: 'shoe_size' }, 'Look Up Filter Values'],
		[new BusinessEventsTrigger(), { source: 'enrollment' }, 'Watch an Enrollment'],
		[new BusinessEventsTrigger(), { source: 'ids' }, 'Watch Business IDs'],
		[new BusinessEventsTrigger(), {}, 'Watch Business IDs'],
		[new BusinessEventsTrigger(), { source: 'prospectIds' }, 'Watch Prospect IDs'],
		[new BusinessEventsTrigger(), { source: 'prospectEnrollment' }, 'Watch a Prospect Enrollment'],
		[new GetEvents(), { resource: 'prospect', prospectEventTypes: ['prospect_changed_role'] }, '1 Prospect Event Type'],
		[new GetEvents(), { eventTypes: ['new_office'] }, '1 Event Type'],
		[new BusinessEventsWebhookTrigger(), {}, 'Push: Businesses and Prospects'],
		[new BusinessEventsWebhookTrigger(), { entity: 'prospect' }, 'Push: Prospects'],
		[new ManageWebhook(), { operation: 'get' }, 'Get Registration'],
		[new ManageWebhook(), { operation: 'checkConnectivity' }, 'Check Connectivity'],
		[new ManageWebhook(), { operation: 'delete' }, 'Delete Registration'],
		[new CheckCredits(), {}, 'Get Balance'],
		[new CheckCredits(), { operation: 'getUsage' }, 'Get Usage'],
	])('%#: %j gives %s', (type, parameters, expected) => {
		expect(subtitle(type, parameters as INodeParameters)).toBe(expected);
	});

	it.each([
		[{ operation: 'getAll' }, 'Get Many'],
		[{ operation: 'get' }, 'Get'],
		[{ operation: 'rotateSecret' }, 'Rotate Secret'],
		[{ operation: 'delete' }, 'Delete'],
	])('Manage Webhook 2: %j gives %s', (parameters, expected) => {
		expect(subtitle(new ManageWebhook(), parameters, 2)).toBe(expected);
	});
});

describe('labels that fit', () => {
	it.each([
		// "Replace Existing Registration" is the name for the option: 29 characters
		[new BusinessEventsTrigger(), 24],
		[new BusinessEventsWebhookTrigger(), 29],
	])('trigger option labels are short enough not to be cut off in the Options list (%#)', (trigger, longest) => {
		const options = trigger.description.properties.find((property) => property.name === 'options');
		for (const option of (options?.options ?? []) as Array<{ displayName: string }>) {
			expect(option.displayName.length).toBeLessThanOrEqual(longest);
		}
	});
});
