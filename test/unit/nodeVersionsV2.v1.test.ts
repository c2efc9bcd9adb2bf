/**
 * API v1's cases of nodeVersionsV2.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The nodes' API v2 versions, read the way n8n reads them: which API version a node speaks for
 * each credential choice (apiVersionFor), each pull node's versions and default, and what the v2
 * versions of the search nodes show (n8n-workflow's own display rules). What the old versions
 * show is unchanged (searchProspectsVersions.test.ts, properties.test.ts).
 */
import type { IDataObject, INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ManageWebhook } from '../../nodes/ManageWebhook/ManageWebhook.node';
import { SearchBusinesses } from '../../nodes/SearchBusinesses/SearchBusinesses.node';
import { LIMITS } from '../../nodes/shared/api';
import { apiVersionFor } from '../../nodes/shared/transport/apiVersion';
import { speaksAs } from './nodeVersionsV2.cases';

const PACKAGE = 'n8n-nodes-business-prospect-data';

describe('apiVersionFor', () => {
	const node = (name: string, typeVersion: number) => ({ type: `${PACKAGE}.${name}`, typeVersion });

	test.each([
		[undefined, 1, 'v1'],
		['auto', 1, 'v1'],
		['v1', 2, 'v1'],
		// a value this package never wrote is read as Per Node Version
		['v3', 1, 'v1'],
	])('credential %p, Search Businesses at typeVersion %d: %s', (choice, typeVersion, expected) => speaksAs(choice, typeVersion, expected));

	test('Search Prospects: versions 1 and 2 speak v1, version 3 v2', () => {
		expect([1, 2, 3].map((version) => apiVersionFor('auto', node('searchProspects', version)))).toEqual(['v1', 'v1', 'v2']);
	});

	test('a tool variant (n8n names it <node>Tool) speaks as its node does', () => {
		expect(apiVersionFor('auto', node('matchProspectsTool', 2))).toBe('v2');
		expect(apiVersionFor('auto', { type: 'CUSTOM.matchProspectsTool', typeVersion: 1 })).toBe('v1');
	});

	test('Manage Enrollment: version 1 speaks v1 and version 2 v2 at Per Node Version; the credential wins', () => {
		expect([1, 2].map((version) => apiVersionFor('auto', node('manageEnrollment', version)))).toEqual(['v1', 'v2']);
		expect(apiVersionFor('v2', node('manageEnrollment', 1))).toBe('v2');
		expect(apiVersionFor('v1', node('manageEnrollmentTool', 2))).toBe('v1');
	});

	test('Check Credits, new since v2: version 1 speaks v2 at Per Node Version, v1 on a credential set to v1', () => {
		expect([undefined, 'auto', 'v2', 'v1'].map((choice) => apiVersionFor(choice, node('checkCredits', 1)))).toEqual(['v2', 'v2', 'v2', 'v1']);
		expect(apiVersionFor('auto', node('checkCreditsTool', 1))).toBe('v2');
	});

	test("the webhook nodes: version 2 speaks v2, version 1 v1, and the credential's choice wins", () => {
		for (const name of ['manageWebhook', 'businessEventsWebhookTrigger']) {
			expect([1, 2].map((version) => apiVersionFor('auto', node(name, version)))).toEqual(['v1', 'v2']);
			expect([apiVersionFor('v2', node(name, 1)), apiVersionFor('v1', node(name, 2))]).toEqual(['v2', 'v1']);
		}
		expect([new ManageWebhook().description.version, new ManageWebhook().description.defaultVersion]).toEqual([[1, 2], 2]);
	});
});

/** What n8n shows for a node at a typeVersion with these values, and the defaults it fills in. */
function viewOf(description: INodeTypeDescription, typeVersion: number) {
	const node = (parameters: IDataObject) => ({ name: 'N', type: description.name, typeVersion, parameters }) as unknown as INode;
	const shown = (values: IDataObject, name: string): INodeProperties[] =>
		description.properties.filter(
			(property) => property.name === name && NodeHelpers.displayParameter(values as never, property, node(values), description),
		);
	return { shown };
}

describe('Search Businesses version 2 (API v2)', () => {
	const description = new SearchBusinesses().description;
	const [v1, v2] = [viewOf(description, 1), viewOf(description, 2)];
	const search = { operation: 'search', returnAll: false, filterSource: 'fields' };

	test('options: pages of up to 500 (500 by default), no Starting Page or page concurrency', () => {
		const [options] = v2.shown(search, 'options');
		const names = (options.options as INodeProperties[]).map((option) => option.name);
		expect(names).toEqual(['exclude', 'includeTotal', 'pageSize', 'requestContext']);
		const pageSize = (options.options as INodeProperties[]).find((option) => option.name === 'pageSize');
		expect(pageSize).toMatchObject({ default: LIMITS.searchPageSize.max, typeOptions: { maxValue: LIMITS.searchPageSize.max } });
		const [optionsV1] = v1.shown(search, 'options');
		expect((optionsV1.options as INodeProperties[]).map((option) => option.name)).toEqual([
			'exclude',
			'includeTotal',
			'pageSize',
			'requestContext',
			'page',
			'concurrency',
		]);
	});
});
