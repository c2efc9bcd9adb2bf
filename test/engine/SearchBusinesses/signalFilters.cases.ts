/**
 * Search Businesses' filters beyond the contract's list on one API version, at the node version
 * that speaks it: signalFilters.test.ts runs them on v2, signalFilters.v1.test.ts on v1 (retiring
 * v1 deletes that file). Recent Events (events, with last_occurrence), Intent Topics and Intent
 * Level (business_intent_topics), Cities Without Country (city_region) and Has Website: exact
 * bodies on the wire (v2's event names on v2), the sandbox really filtering (each expectation
 * computed here from the universe's raw data, not from its search), Get Statistics with the same
 * filters, and the errors before any request.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ApiVersion } from '../../../nodes/shared/api';
import { pathOn, typeVersionFor } from '../harness/apiVersions';
import type { SandboxBusiness } from '../../sandbox';
import { intentLevel, intentScores } from '../../sandbox/universe/moreEnrichments';
import { NODE, requestsTo, sandbox, search } from './setup';

const DAY_MS = 86_400_000;
export const INCLUDED = { include_operating_locations: { value: true } };

export const on = (api: ApiVersion, parameters: INodeParameters, items: IDataObject[] = [{}]) =>
	search(parameters, items, { typeVersion: typeVersionFor('searchBusinesses', api) });
export const bodies = (api: ApiVersion, path = '/v1/businesses') => requestsTo(pathOn(api, path)).map((r) => r.body as IDataObject);
export const idsOf = (records: Array<{ business_id?: unknown }>) => records.map((record) => record.business_id);
const pick = (value: string) => ({ value: { __rl: true, mode: 'list', value } });
/** The filters as each version receives them: v2 adds the Include Operating Locations the node shows. */
const onWire = (api: ApiVersion, filters: IDataObject) => (api !== 'v2' ? filters : { ...filters, ...INCLUDED });
export const businesses = () => sandbox.universe.businesses;

/** Businesses with an event of one of `types` in the `days` before `nowMs`, from the event log. */
function withEvents(types: string[], days: number, nowMs: number): SandboxBusiness[] {
	const ids = new Set(
		sandbox.universe.events
			.filter((event) => types.includes(event.event_name))
			.filter((event) => Date.parse(event.event_time) > nowMs - days * DAY_MS && Date.parse(event.event_time) <= nowMs)
			.map((event) => event.business_id),
	);
	return businesses().filter((business) => ids.has(business.business_id));
}

/** The event type with the most businesses in the last 30 days, and the runner-up. */
function commonTypes(): string[] {
	const counts = new Map<string, Set<string>>();
	const now = Date.now();
	for (const event of sandbox.universe.events) {
		if (Date.parse(event.event_time) <= now - 30 * DAY_MS) continue;
		counts.set(event.event_name, (counts.get(event.event_name) ?? new Set()).add(event.business_id));
	}
	return [...counts].sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1)).map(([type]) => type);
}

export function signalFilterCases(api: ApiVersion): void {
	test('Recent Events within 30 days: the types in the version\'s names, only businesses with such an event', async () => {
		const [first] = commonTypes();
		const types = [first, 'employee_joined_company'];
		const run = await on(api, { returnAll: true, filters: { recentEvents: types, recentEventsWithinDays: 30 } });

		expect(run.error).toBeUndefined();
		const sent = bodies(api);
		const wireTypes = api !== 'v2' ? types : [first, 'executive_joined_company'];
		expect(sent[0].filters).toEqual(onWire(api, { events: { values: wireTypes, last_occurrence: 30 } }));
		const expected = withEvents(types, 30, requestsTo(pathOn(api, '/v1/businesses'))[0].at.getTime());
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(withEvents(types, 90, Date.now()).length);
		expect(idsOf(run.json(NODE))).toEqual(idsOf(expected));
	});

	test('Intent Topics at High Intent or higher: only businesses with such a topic at that level', async () => {
		const seed = sandbox.universe.seed;
		const levelOf = (business: SandboxBusiness, topic: string) =>
			intentScores(seed, business).find((entry) => entry.topic === topic)?.score;
		const topic = 'Cybersecurity';
		const run = await on(api, {
			returnAll: true,
			filters: { intentTopicList: { values: [pick(topic)] }, intentLevel: 'high_intent' },
		});

		expect(run.error).toBeUndefined();
		expect(bodies(api)[0].filters).toEqual(
			onWire(api, { business_intent_topics: { topics: [topic], topic_intent_level: 'high_intent' } }),
		);
		const expected = businesses().filter((business) => {
			const score = levelOf(business, topic);
			return score !== undefined && intentLevel(score) !== 'emerging_intent';
		});
		const anyLevel = businesses().filter((business) => business.business_intent_topics.includes(topic));
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(anyLevel.length);
		expect(idsOf(run.json(NODE))).toEqual(idsOf(expected));
	});

	test('Cities Without Country and Has Website: "City, Region" strings, AND with the other filters', async () => {
		const [city, region] = businesses()[0].facets.city_region_country.split(', ');
		const cityRegion = `${city}, ${region}`;
		const run = await on(api, {
			returnAll: true,
			filters: { cityRegionList: { values: [pick(cityRegion)] }, hasWebsite: true, companySize: ['1-10', '11-50'] },
		});

		expect(run.error).toBeUndefined();
		expect(bodies(api)[0].filters).toEqual(
			onWire(api, {
				city_region: { values: [cityRegion] },
				company_size: { values: ['1-10', '11-50'] },
				has_website: { value: true },
			}),
		);
		const expected = businesses().filter(
			(business) =>
				business.facets.city_region_country.startsWith(`${cityRegion}, `) &&
				['1-10', '11-50'].includes(business.facets.company_size) &&
				business.website !== '',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(idsOf(run.json(NODE))).toEqual(idsOf(expected));

		// every business of the sandbox has a website: off finds none, so the filter is really read
		sandbox.clearRequests();
		const none = await on(api, { limit: 10, filters: { cityRegionList: { values: [pick(cityRegion)] }, hasWebsite: false } });
		expect(bodies(api)[0].filters).toEqual(onWire(api, { city_region: { values: [cityRegion] }, has_website: { value: false } }));
		expect(none.json(NODE)).toEqual([]);
	});

	test('Get Statistics takes the same filters: one request, the total of the same selection', async () => {
		const [first] = commonTypes();
		const run = await on(api, { operation: 'getStatistics', filters: { recentEvents: [first], hasWebsite: true } });

		expect(run.error).toBeUndefined();
		const sent = bodies(api, '/v1/businesses/stats');
		const wire = { events: { values: [first] }, has_website: { value: true } };
		expect(sent).toEqual([{ filters: onWire(api, wire) }]);
		const at = requestsTo(pathOn(api, '/v1/businesses/stats'))[0].at.getTime();
		expect(run.json(NODE)[0].total_results).toBe(withEvents([first], 90, at).length);
	});

	test('Filters (JSON): an event type in the other version\'s name is sent in this version\'s', async () => {
		const typed = api !== 'v2' ? 'executive_joined_company' : 'employee_joined_company';
		const run = await on(api, {
			limit: 5,
			filterSource: 'json',
			filtersJson: JSON.stringify({ events: { values: [typed], last_occurrence: 60 } }),
		});

		expect(run.error).toBeUndefined();
		const wireName = api !== 'v2' ? 'employee_joined_company' : 'executive_joined_company';
		expect(bodies(api)[0].filters).toEqual(onWire(api, { events: { values: [wireName], last_occurrence: 60 } }));
	});

	test.each([
		[
			'Recent Events Within (Days) above the window',
			{ recentEvents: ['new_product'], recentEventsWithinDays: 120 },
			'Item 0: Recent Events Within (Days) must be a whole number of days from 1 to 90',
			'Check "Filters > Recent Events Within (Days)". Nothing was sent to the service for this item.',
		],
		[
			'Recent Events Within (Days) without Recent Events',
			{ recentEventsWithinDays: 30 },
			'Item 0: Recent Events Within (Days) needs Recent Events: pick the event types, or remove it',
			'Check "Filters". Nothing was sent to the service for this item.',
		],
		[
			'Intent Level without Intent Topics',
			{ intentLevel: 'very_high_intent' },
			'Item 0: Intent Level needs Intent Topics: add the topics, or remove it',
			'Check "Filters". Nothing was sent to the service for this item.',
		],
		[
			'an Intent Level not in the list',
			{ intentTopicList: { values: [pick('Cybersecurity')] }, intentLevel: 'extreme_intent' },
			'Item 0: Intent Level must be one of emerging_intent, high_intent, very_high_intent',
			'Check "Filters > Intent Level". Nothing was sent to the service for this item.',
		],
		[
			'an event type longer than any',
			{ recentEvents: ['x'.repeat(101)] },
			'Item 0: Recent Events must be at most 100 characters',
			'Check "Filters > Recent Events". Nothing was sent to the service for this item.',
		],
	])('%s: refused before sending', async (_name, filters, message, description) => {
		const run = await on(api, { limit: 5, filters });
		expect(run.error?.message).toBe(message);
		expect(run.error?.description).toBe(description);
		expect(sandbox.requests).toHaveLength(0);
	});
}
