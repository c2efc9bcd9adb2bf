/**
 * Search Prospects' node versions, resolved by n8n-workflow's own display rules: version 2
 * searches up to the service's 60,000 prospects; version 1, in workflows saved before it, keeps its
 * 10,000. Both have the same parameters with the same names and defaults, and speak API v1.
 * Version 3 (the default for new nodes) speaks API v2: nodeVersionsV2.test.ts.
 */
import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { LIMITS } from '../../nodes/shared/api';
import { propertiesByVersion } from '../../nodes/shared/nodeVersions';
import { SearchProspects } from '../../nodes/SearchProspects/SearchProspects.node';

const description = new SearchProspects().description;

const nodeOf = (typeVersion: number, parameters: IDataObject = {}) =>
	({
		name: 'N',
		type: description.name,
		typeVersion,
		parameters,
	}) as unknown as INode;

/** The properties n8n shows for these values in this version. */
function shown(typeVersion: number, values: IDataObject, name: string): INodeProperties[] {
	return description.properties.filter(
		(property) => property.name === name && NodeHelpers.displayParameter(values as never, property, nodeOf(typeVersion), description),
	);
}

const resolve = (typeVersion: number, values: IDataObject = {}) =>
	NodeHelpers.getNodeParameters(
		description.properties,
		values as never,
		true,
		false,
		nodeOf(typeVersion, values),
		description,
	) as IDataObject;

test('versions 1, 2 and 3, version 3 for new nodes', () => {
	expect(description.version).toEqual([1, 2, 3]);
	expect(description.defaultVersion).toBe(3);
});

test.each([
	[1, LIMITS.prospectSearchSizeVersion1, 'At most 10,000 prospects per search'],
	[2, LIMITS.prospectSearchSize.max, 'At most 60,000 prospects per search'],
])('version %d: Limit goes up to %d, and Return All says so', (typeVersion, most, hint) => {
	const limit = shown(typeVersion, { operation: 'search', returnAll: false }, 'limit');
	expect(limit.map((property) => property.typeOptions)).toEqual([{ minValue: 1, maxValue: most }]);
	const returnAll = shown(typeVersion, { operation: 'search' }, 'returnAll');
	expect(returnAll).toHaveLength(1);
	expect(returnAll[0].hint).toMatch(new RegExp(`^${hint}`));
});

test('the same parameters, names and defaults in both versions: version 2 re-defaults nothing', () => {
	const v1 = resolve(1);
	expect(resolve(2)).toEqual(v1);
	expect(v1).toMatchObject({
		operation: 'search',
		mode: 'preview',
		returnAll: false,
		limit: 50,
		filterSource: 'fields',
	});
	expect(resolve(2, { returnAll: true, limit: 2_000 })).toEqual(resolve(1, { returnAll: true, limit: 2_000 }));
});

test('only what differs is declared per version; everything else once', () => {
	const perVersion = description.properties.filter((property) => property.displayOptions?.show?.['@version'] !== undefined);
	const versionsOf = (property: INodeProperties) => property.displayOptions?.show?.['@version'] as number[];
	// versions 1 and 2 differ only in the cap
	const oneNotTwo = perVersion.filter((property) => versionsOf(property).includes(1) && !versionsOf(property).includes(2));
	expect(oneNotTwo.map((property) => property.name).sort()).toEqual(['limit', 'maxProspects', 'returnAll']);
	// what version 3 (API v2) declares differently: its cap, its filters, their JSON hint and the options
	expect([...new Set(perVersion.filter((property) => versionsOf(property).includes(3) && !versionsOf(property).includes(2)).map((property) => property.name))].sort()).toEqual([
		'filters',
		'filtersJson',
		'options',
	]);
});

test('propertiesByVersion refuses versions built differently', () => {
	const property: INodeProperties = {
		displayName: 'A',
		name: 'a',
		type: 'string',
		default: '',
	};
	expect(() =>
		propertiesByVersion([
			{ versions: [1], properties: [property] },
			{ versions: [2], properties: [] },
		]),
	).toThrow('Every version must have the same properties in the same order');
});
