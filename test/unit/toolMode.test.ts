/**
 * Tool mode of the five action nodes, checked with n8n-workflow's own parameter resolution: the
 * same description resolves to the normal parameters for `<name>` and to `$fromAI()` arguments for
 * n8n's generated `<name>Tool` (the `@tool` display option). The e2e test (mcpTools) runs them.
 */
import type { IDataObject, INode, INodeType } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { Enrich } from '../../nodes/Enrich/Enrich.node';
import { compactEnrichment, TOOL_POSTS_LIMIT } from '../../nodes/Enrich/actions/enrichTool';
import { ENRICH_TOOL_DESCRIPTION } from '../../nodes/Enrich/helpers/toolText';
import { GetEvents } from '../../nodes/GetEvents/GetEvents.node';
import { compactEvents } from '../../nodes/GetEvents/actions/getEventsTool';
import { GET_EVENTS_TOOL_DESCRIPTION, GET_PROSPECT_EVENTS_TOOL_DESCRIPTION } from '../../nodes/GetEvents/helpers/toolText';
import { ManageEnrollment } from '../../nodes/ManageEnrollment/ManageEnrollment.node';
import { ENROLLMENT_TOOL_DESCRIPTIONS } from '../../nodes/ManageEnrollment/helpers/toolMode';
import { MatchBusinesses } from '../../nodes/MatchBusinesses/MatchBusinesses.node';
import { compactBusinessMatch } from '../../nodes/MatchBusinesses/actions/matchTool';
import { MATCH_BUSINESSES_TOOL_DESCRIPTION } from '../../nodes/MatchBusinesses/helpers/toolText';
import { MatchProspects } from '../../nodes/MatchProspects/MatchProspects.node';
import { compactMatch } from '../../nodes/MatchProspects/actions/matchTool';
import { MATCH_TOOL_DESCRIPTION } from '../../nodes/MatchProspects/helpers/toolText';
import { SearchBusinesses } from '../../nodes/SearchBusinesses/SearchBusinesses.node';
import { SearchProspects } from '../../nodes/SearchProspects/SearchProspects.node';
import { SEARCH_TOOL_DESCRIPTION, TOOL_SEARCH_LIMIT } from '../../nodes/SearchBusinesses/actions/searchTool';
import { NOTHING_SENT } from '../../nodes/shared/batching/validate';
import { fromAi, isToolExecution, toolErrorText } from '../../nodes/shared/toolMode';
import { argumentsOf, hasItsOwnToolText, resolve } from './toolMode.cases';

const text = (value: unknown) => JSON.stringify(value);

const NODES: Array<[string, INodeType, IDataObject]> = [
	['Search Businesses', new SearchBusinesses(), {}],
	['Search Prospects', new SearchProspects(), {}],
	['Get Events', new GetEvents(), {}],
	['Get Events (prospect)', new GetEvents(), { resource: 'prospect' }],
	['Match Prospects', new MatchProspects(), {}],
	['Match Businesses', new MatchBusinesses(), {}],
	['Enrich (prospect)', new Enrich(), { resource: 'prospect' }],
	['Enrich (business)', new Enrich(), { resource: 'business' }],
	...(
		[
			['businessEnrollment', 'create'],
			['businessEnrollment', 'list'],
			['businessEnrollment', 'update'],
			['prospectEnrollment', 'create'],
			['prospectEnrollment', 'update'],
			['prospectEnrollment', 'delete'],
		] as const
	).map(([resource, operation]): [string, INodeType, IDataObject] => [
		`Manage Enrollment (${resource} ${operation})`,
		new ManageEnrollment(),
		{ resource, operation },
	]),
];

describe('normal mode is unchanged by tool mode', () => {
	test.each(NODES)('%s: no $fromAI, no tool-only parameter', (_name, nodeType, values) => {
		const parameters = resolve(nodeType, values, false);
		expect(text(parameters)).not.toContain('$fromAI');
		expect(parameters).not.toHaveProperty('toolDescription');
		expect(parameters).not.toHaveProperty('maxBusinesses');
	});

	test('the defaults that read the input item are still there', () => {
		expect(resolve(new GetEvents(), {}, false)).toMatchObject({
			businessIds: '={{ $json.business_id }}',
			since: '={{ $now.minus({ days: 7 }).toISO() }}',
			output: 'event',
		});
		expect(resolve(new SearchBusinesses(), {}, false)).toMatchObject({ mode: 'preview', returnAll: false, limit: 50, filterSource: 'fields' });
		expect(resolve(new MatchProspects(), {}, false)).toMatchObject({ email: '={{ $json.email ?? "" }}', profileUrl: '={{ $json.profnet ?? "" }}' });
		expect(resolve(new MatchBusinesses(), {}, false)).toMatchObject({
			companyName: '={{ $json.name ?? "" }}',
			domain: '={{ $json.domain ?? "" }}',
			website: '={{ $json.url ?? "" }}',
			profileUrl: '={{ $json.profnet_url ?? "" }}',
		});
		expect(resolve(new Enrich(), {}, false)).toMatchObject({ prospectId: '={{ $json.prospect_id }}' });
		expect(resolve(new ManageEnrollment(), {}, false)).toMatchObject({ businessIds: '={{ $json.business_id }}', combine: 'all' });
	});
});

describe('tool mode (n8n\'s generated <name>Tool variant)', () => {
	test.each(NODES)('%s: nothing reads an input item (a tool call has none)', (_name, nodeType, values) => {
		expect(text(resolve(nodeType, values, true))).not.toMatch(/\$json/);
	});

	test('Search Businesses: the model sets filters; Preview, at most 25, fixed JSON filters', () => {
		const parameters = resolve(new SearchBusinesses(), {}, true);
		expect(parameters).toMatchObject({
			toolDescription: SEARCH_TOOL_DESCRIPTION,
			mode: 'preview',
			returnAll: false,
			maxBusinesses: TOOL_SEARCH_LIMIT,
			limit: '={{ $parameter.maxBusinesses }}',
			filterSource: 'json',
		});
		expect(TOOL_SEARCH_LIMIT).toBe(25);
		expect(parameters).not.toHaveProperty('filters');
		expect(argumentsOf(parameters)).toEqual({ filters: ['json', false] });
		// the builder raises the limit
		expect(resolve(new SearchBusinesses(), { maxBusinesses: 200 }, true)).toMatchObject({ maxBusinesses: 200 });
	});

	test('Get Events: business_ids required, since optional, one item per event', () => {
		const parameters = resolve(new GetEvents(), {}, true);
		expect(parameters).toMatchObject({ toolDescription: GET_EVENTS_TOOL_DESCRIPTION, output: 'event' });
		expect(parameters.output).toBe('event');
		expect(argumentsOf(parameters)).toEqual({ business_ids: ['string', false], since: ['string', true] });
	});

	test('Get Events (prospect): prospect_ids required, since optional, its own description', () => {
		const parameters = resolve(new GetEvents(), { resource: 'prospect' }, true);
		expect(parameters).toMatchObject({ toolDescription: GET_PROSPECT_EVENTS_TOOL_DESCRIPTION, output: 'event' });
		expect(argumentsOf(parameters)).toEqual({ prospect_ids: ['string', false], since: ['string', true] });
		expect(compactEvents([], 50, 'prospects').note).toBe('No events for these prospects in the period.');
	});

	test('Match Prospects: every match field an optional argument', () => {
		const parameters = resolve(new MatchProspects(), {}, true);
		expect(parameters.toolDescription).toBe(MATCH_TOOL_DESCRIPTION);
		expect(parameters).not.toHaveProperty('defaultsNotice');
		expect(argumentsOf(parameters)).toEqual({
			email: ['string', true],
			phone_number: ['string', true],
			profile_url: ['string', true],
			full_name: ['string', true],
			company_name: ['string', true],
			business_id: ['string', true],
		});
	});

	test('Match Businesses: every match field an optional argument', () => {
		const parameters = resolve(new MatchBusinesses(), {}, true);
		expect(parameters.toolDescription).toBe(MATCH_BUSINESSES_TOOL_DESCRIPTION);
		expect(parameters).not.toHaveProperty('defaultsNotice');
		expect(argumentsOf(parameters)).toEqual({
			name: ['string', true],
			domain: ['string', true],
			url: ['string', true],
			profile_url: ['string', true],
		});
	});

	test('Enrich: one required ID argument, and a description per resource', () => {
		const prospect = resolve(new Enrich(), { resource: 'prospect' }, true);
		expect(prospect.toolDescription).toBe(ENRICH_TOOL_DESCRIPTION.prospect);
		expect(argumentsOf(prospect)).toEqual({ prospect_id: ['string', false] });
		const business = resolve(new Enrich(), { resource: 'business' }, true);
		expect(business.toolDescription).toBe(ENRICH_TOOL_DESCRIPTION.business);
		expect(argumentsOf(business)).toEqual({ business_id: ['string', false] });
	});

	test.each([
		['businessEnrollment', 'create', { enrollment_key: ['string', false], business_ids: ['string', false] }],
		['businessEnrollment', 'list', {}],
		['businessEnrollment', 'update', { enrollment_id: ['string', false], enrollment_key: ['string', true], business_ids: ['string', false] }],
		['prospectEnrollment', 'create', { enrollment_key: ['string', false], prospect_ids: ['string', false] }],
		['prospectEnrollment', 'delete', { enrollment_id: ['string', false] }],
	] as const)('Manage Enrollment %s %s: its own description and arguments', (resource, operation, expected) =>
		hasItsOwnToolText(resource, operation, expected),
	);

	test('the prospect enrollment texts hold on both API versions: v2 lists them, and its update keeps the key', () => {
		const { update, delete: remove } = ENROLLMENT_TOOL_DESCRIPTIONS.prospectEnrollment;
		expect(update).toContain('and optionally its key');
		expect(update).toContain('; on API v1 also its key.');
		expect(remove).toContain('or on API v2 from listing prospect enrollments');
	});

	test('every tool description says what it returns and what it needs, without editor controls', () => {
		const descriptions = [
			SEARCH_TOOL_DESCRIPTION,
			GET_EVENTS_TOOL_DESCRIPTION,
			MATCH_TOOL_DESCRIPTION,
			...Object.values(ENRICH_TOOL_DESCRIPTION),
			...Object.values(ENROLLMENT_TOOL_DESCRIPTIONS).flatMap((operations) => Object.values(operations)),
		];
		for (const description of descriptions) {
			expect(description).toMatch(/Returns|returns/);
			expect(description).toMatch(/[Nn]eeds/);
			expect(description).not.toMatch(/Options >|Always Output Data|node settings|parameter/);
			expect(description.split(/(?<=\.) /).length).toBeLessThanOrEqual(2);
		}
	});
});

describe('helpers', () => {
	test('isToolExecution: n8n runs the generated type, whose name ends with Tool', () => {
		const ctx = (type: string) => ({ getNode: () => ({ type }) as INode });
		expect(isToolExecution(ctx('n8n-nodes-business-prospect-data.getEventsTool'))).toBe(true);
		expect(isToolExecution(ctx('n8n-nodes-business-prospect-data.getEvents'))).toBe(false);
	});

	test('fromAi quotes its texts and refuses braces that would end the expression', () => {
		expect(fromAi('email', "The person's email", 'string', '')).toBe("={{ $fromAI('email', 'The person\\'s email', 'string', '') }}");
		expect(fromAi('limit', 'How many', 'number', 25)).toBe("={{ $fromAI('limit', 'How many', 'number', 25) }}");
		expect(() => fromAi('filters', 'e.g. {"a": {"values": []}}', 'json')).toThrow('must not contain');
	});

	test('toolErrorText: no item number, the fix without "nothing was sent", arguments by their names', () => {
		const node = { name: 'Get Events', type: 'x', typeVersion: 1 } as INode;
		const error = new NodeOperationError(node, 'Item 0: Since must be within the last 90 days', {
			description: `Check "Since". ${NOTHING_SENT}`,
		});
		expect(toolErrorText(error, { Since: 'since' })).toBe('since must be within the last 90 days. Check since.');
		expect(toolErrorText(new Error('x'.repeat(1000))).length).toBe(400);
	});

	test('compactEvents: the latest 50, newest first, with the total', () => {
		const events = Array.from({ length: 60 }, (_, index) => ({
			event_id: `e${index}`,
			event_time: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
		}));
		const answer = compactEvents(events);
		expect(answer).toMatchObject({ total_events: 60, returned: 50 });
		expect((answer.events as IDataObject[]).map((event) => event.event_id)).toEqual(
			Array.from({ length: 50 }, (_, index) => `e${59 - index}`),
		);
		expect(answer.note).toMatch(/latest 50 of 60/);
		expect(compactEvents([])).toEqual({ total_events: 0, returned: 0, events: [], note: 'No events for these businesses in the period.' });
	});

	test('compactMatch: prospect_id and matched only (warnings when there are any)', () => {
		expect(compactMatch({ email: 'a@b.example', prospect_id: 'p1', matched: true, input: { email: 'a@b.example' } })).toEqual({
			prospect_id: 'p1',
			matched: true,
		});
		expect(compactMatch({ prospect_id: null, matched: false, warnings: ['w'] })).toEqual({ prospect_id: null, matched: false, warnings: ['w'] });
	});

	test('compactBusinessMatch: business_id and matched only (warnings when there are any)', () => {
		expect(
			compactBusinessMatch({ name: 'Acme', business_id: 'b1', matched: true, match_input: { name: 'Acme' } }),
		).toEqual({ business_id: 'b1', matched: true });
		expect(compactBusinessMatch({ business_id: null, matched: false, warnings: ['w'] })).toEqual({
			business_id: null,
			matched: false,
			warnings: ['w'],
		});
	});

	test('compactEnrichment: posts capped', () => {
		const posts = Array.from({ length: TOOL_POSTS_LIMIT + 5 }, (_, index) => ({ id: index }));
		const answer = compactEnrichment({ prospect_id: 'p', posts, enrichment_status: 'enriched' });
		expect(answer).toMatchObject({ posts_total: TOOL_POSTS_LIMIT + 5 });
		expect(answer.posts).toHaveLength(TOOL_POSTS_LIMIT);
		const few = { prospect_id: 'p', posts: [{ id: 1 }] };
		expect(compactEnrichment(few)).toBe(few);
	});
});
