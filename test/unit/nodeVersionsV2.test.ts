/**
 * The nodes' API v2 versions, read the way n8n reads them: which API version a node speaks for
 * each credential choice (apiVersionFor), each pull node's versions and default, and what the v2
 * versions of the search nodes show (n8n-workflow's own display rules). What the old versions
 * show is unchanged (searchProspectsVersions.test.ts, properties.test.ts).
 */
import type { IDataObject, INode, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { BusinessEventsTrigger } from '../../nodes/BusinessEventsTrigger/BusinessEventsTrigger.node';
import { CheckCredits } from '../../nodes/CheckCredits/CheckCredits.node';
import { Enrich } from '../../nodes/Enrich/Enrich.node';
import { GetEvents } from '../../nodes/GetEvents/GetEvents.node';
import { LookUpFilterValues } from '../../nodes/LookUpFilterValues/LookUpFilterValues.node';
import { ManageEnrollment } from '../../nodes/ManageEnrollment/ManageEnrollment.node';
import { MatchBusinesses } from '../../nodes/MatchBusinesses/MatchBusinesses.node';
import { MatchProspects } from '../../nodes/MatchProspects/MatchProspects.node';
import { SearchBusinesses } from '../../nodes/SearchBusinesses/SearchBusinesses.node';
import { PROSPECT_FILTERS_FOR_MODEL_V1, PROSPECT_FILTERS_FOR_MODEL } from '../../nodes/SearchProspects/actions/searchTool';
import { SearchProspects } from '../../nodes/SearchProspects/SearchProspects.node';
import { DEFAULT_JOB_THRESHOLD } from '../../nodes/shared/jobs';
import { LIMITS } from '../../nodes/shared/api';
import { FIRST_V2_NODE_VERSION } from '../../nodes/shared/transport/apiVersion';
import { speaksAs } from './nodeVersionsV2.cases';

/** every node with an API v2 version: the pull nodes, and Manage Enrollment */
const NODES_WITH_V2: INodeType[] = [
	new SearchBusinesses(),
	new SearchProspects(),
	new MatchBusinesses(),
	new MatchProspects(),
	new Enrich(),
	new GetEvents(),
	new LookUpFilterValues(),
	new BusinessEventsTrigger(),
	new ManageEnrollment(),
	new CheckCredits(),
];

describe('apiVersionFor', () => {
	test.each([
		[undefined, 2, 'v2'],
		['auto', 2, 'v2'],
		['v2', 1, 'v2'],
	])('credential %p, Search Businesses at typeVersion %d: %s', (choice, typeVersion, expected) => speaksAs(choice, typeVersion, expected));
});

describe.each(NODES_WITH_V2.map((type) => [type.description.name, type.description] as const))('%s', (name, description) => {
	test('new nodes get the version that speaks v2; every earlier version stays', () => {
		const first = FIRST_V2_NODE_VERSION[name];
		expect(description.version).toEqual(Array.from({ length: first }, (_, n) => n + 1));
		expect(description.defaultVersion).toBe(first);
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
		expect((options.options as INodeProperties[]).map((option) => option.name)).toEqual([
			'exclude',
			'includeTotal',
			'pageSize',
			'requestContext',
		]);
		const pageSize = (options.options as INodeProperties[]).find((option) => option.name === 'pageSize');
		expect(pageSize).toMatchObject({ default: LIMITS.searchPageSize.max, typeOptions: { maxValue: LIMITS.searchPageSize.max } });
	});

	test('Limit up to 60,000 (version 1: 10,000)', () => {
		expect(v2.shown(search, 'limit').map((property) => property.typeOptions?.maxValue)).toEqual([LIMITS.searchTotal]);
		expect(v1.shown(search, 'limit').map((property) => property.typeOptions?.maxValue)).toEqual([LIMITS.searchSize.max]);
	});

	test('Include Operating Locations, on by default, on version 2 only', () => {
		expect(v2.shown(search, 'includeOperatingLocations')).toEqual([expect.objectContaining({ type: 'boolean', default: true })]);
		expect(v1.shown(search, 'includeOperatingLocations')).toEqual([]);
	});

	test('Request Context is offered for searches only: statistics on v2 take none', () => {
		const [options] = v2.shown(search, 'options');
		const context = (options.options as INodeProperties[]).find((option) => option.name === 'requestContext');
		expect(context?.displayOptions).toEqual({ show: { '/operation': ['search'] } });
		expect(context?.description).toMatch(/Statistics take none on API v2\.$/);
	});
});

describe('Search Prospects version 3 (API v2)', () => {
	const description = new SearchProspects().description;
	const fieldsOf = (typeVersion: number) => {
		const [filters] = viewOf(description, typeVersion).shown({ operation: 'search', filterSource: 'fields' }, 'filters');
		return (filters.options as INodeProperties[]).map((option) => option.name);
	};

	test('Contact Details in place of Has Email and Has Phone Number; Interests, Public Company and Skills (v2 only) besides', () => {
		expect(fieldsOf(3)).toContain('contactDetails');
		expect(fieldsOf(3)).not.toEqual(expect.arrayContaining(['hasEmail']));
		expect(fieldsOf(3)).not.toEqual(expect.arrayContaining(['hasPhoneNumber']));
		expect(fieldsOf(2)).toEqual(expect.arrayContaining(['hasEmail', 'hasPhoneNumber']));
		expect(fieldsOf(2)).not.toContain('contactDetails');
		const v2Only = ['contactDetails', 'interests', 'publicCompany', 'skills'];
		expect(fieldsOf(3).filter((name) => !v2Only.includes(name))).toEqual(
			fieldsOf(2).filter((name) => name !== 'hasEmail' && name !== 'hasPhoneNumber'),
		);
		for (const name of v2Only) expect([name, fieldsOf(2).includes(name), fieldsOf(3).includes(name)]).toEqual([name, false, true]);
	});

	test('the model is told has_contact_details on version 3', () => {
		expect(PROSPECT_FILTERS_FOR_MODEL).toContain('has_contact_details holds {"value": "email"}');
		expect(PROSPECT_FILTERS_FOR_MODEL).not.toContain('has_email');
		expect(PROSPECT_FILTERS_FOR_MODEL_V1).toContain('has_email');
	});
});

describe('Enrich version 2 (API v2): the async job options', () => {
	const description = new Enrich().description;
	/** the Options collection's entries n8n shows at a typeVersion (the editor filters them like parameters) */
	const optionNames = (typeVersion: number) => {
		const node = { name: 'N', type: description.name, typeVersion, parameters: {} } as unknown as INode;
		const [options] = viewOf(description, typeVersion).shown({ resource: 'business' }, 'options');
		return (options.options as INodeProperties[])
			.filter((option) => NodeHelpers.displayParameter({} as never, option, node, description))
			.map((option) => option.name);
	};

	test("Async Job Threshold and Job Time Limit (Minutes) from version 2 on, with the catalog's bounds", () => {
		expect(optionNames(2)).toEqual(['concurrency', 'parameters', 'includeInputFields', 'jobThreshold', 'jobTimeLimit']);
		expect(optionNames(1)).toEqual(['concurrency', 'parameters', 'includeInputFields']);
		const [options] = viewOf(description, 2).shown({ resource: 'business' }, 'options');
		const option = (name: string) => (options.options as INodeProperties[]).find((entry) => entry.name === name);
		expect(option('jobThreshold')).toMatchObject({ default: DEFAULT_JOB_THRESHOLD, typeOptions: { minValue: 1 } });
		expect(option('jobTimeLimit')).toMatchObject({ default: 60, typeOptions: { minValue: 1, maxValue: LIMITS.jobMaxRunMs / 60_000 } });
		expect(LIMITS.jobMaxRunMs / 60_000).toBe(1_440);
	});
});
