/**
 * Narrow logic of Search Businesses: how the Filters UI and "Filters (JSON)" become the contract's
 * filters object, how an item's parameters become a validated first-page body, and the paging
 * loop against a scripted transport. The node itself runs against the sandbox in test/engine and
 * test/e2e.
 */
import type { IDataObject } from 'n8n-workflow';

import { CATEGORY_FILTERS, FILTER_BRACKETS, FILTER_NAMES } from '../../nodes/shared/api';
import { description as searchProperties } from '../../nodes/SearchBusinesses/actions/search.operation';
import {
	CATEGORY_TYPES,
	EARLIER_FIELDS,
	FILTER_FIELDS,
	filterFields,
	filterFieldsV2,
} from '../../nodes/shared/search/filterFields.description';
import { SIGNAL_FIELD_FILTERS } from '../../nodes/shared/search/signalFields.description';
import { filtersFromFields, toValueList } from '../../nodes/shared/search/filterValues';
import { SearchBusinesses } from '../../nodes/SearchBusinesses/SearchBusinesses.node';

describe('Search Businesses: the parameter surface', () => {
	it('reaches all 18 filters of API v1, each once (the earlier text fields of the pickers aside); the v2 form adds is_public_company', () => {
		const hidden = EARLIER_FIELDS;
		const reachable = (fields: typeof filterFields) => [
			...Object.entries(FILTER_FIELDS)
				.filter(([name]) => !hidden.has(name))
				.map(([, f]) => f.filter),
			...CATEGORY_TYPES.map((c) => c.value),
			...Object.entries(SIGNAL_FIELD_FILTERS)
				.filter(([name]) => fields.some((field) => field.name === name))
				.map(([, filter]) => filter),
		];
		expect(FILTER_NAMES).toHaveLength(18);
		expect([...reachable(filterFields)].sort()).toEqual([...FILTER_NAMES].sort());
		expect([...reachable(filterFieldsV2)].sort()).toEqual([...FILTER_NAMES, 'is_public_company'].sort());
		expect(CATEGORY_TYPES.map((c) => c.value).sort()).toEqual([...CATEGORY_FILTERS].sort());
		for (const name of Object.keys(FILTER_FIELDS)) expect(filterFields.some((f) => f.name === name)).toBe(true);
	});

	it('offers the known brackets as options, in their natural order', () => {
		const options = (name: string) =>
			(filterFields.find((f) => f.name === name)!.options as Array<{ value: string }>).map((o) => o.value);
		expect(options('companySize')).toEqual(FILTER_BRACKETS.company_size);
		expect(options('revenue')).toEqual(FILTER_BRACKETS.company_revenue);
		expect(options('companyAge')).toEqual(FILTER_BRACKETS.company_age);
		expect(options('numberOfLocations')).toEqual(FILTER_BRACKETS.number_of_locations);
	});

	it('is an action usable as a tool', () => {
		const node = new SearchBusinesses().description;
		expect(node.name).toBe('searchBusinesses');
		expect(node.usableAsTool).toBe(true);
		expect(node.properties).toBe(searchProperties);
	});
});

describe('Search Businesses: filter values', () => {
	it('splits codes on commas and spaces and lower-cases them', () => {
		expect(toValueList(' US, gb;DE  us', 'code')).toEqual({ ok: true, value: ['us', 'gb', 'de'] });
		expect(toValueList(['us', ['ca', 'MX']], 'code')).toEqual({ ok: true, value: ['us', 'ca', 'mx'] });
	});

	it('splits a bracket string on commas only, and keeps free values', () => {
		expect(toValueList('1-10, 11-50', 'bracket')).toEqual({ ok: true, value: ['1-10', '11-50'] });
		expect(toValueList(['6+', '1'], 'bracket')).toEqual({ ok: true, value: ['6+', '1'] });
	});

	it('keeps text values whole (cities and names contain commas)', () => {
		expect(toValueList(['Austin, Texas, us', ' Acme, Inc. ', '', 'Acme, Inc.'], 'line')).toEqual({
			ok: true,
			value: ['Austin, Texas, us', 'Acme, Inc.'],
		});
	});

	it('rejects objects inside a list', () => {
		expect(toValueList([{ a: 1 }], 'line')).toEqual({ ok: false, problem: 'must be a list of text values, got {"a":1}' });
	});

	it('builds every filter from the UI and leaves empty ones out', () => {
		const { filters, problems } = filtersFromFields({
			countries: 'us, GB',
			regions: '',
			cities: ['Austin, Texas, us'],
			companySize: ['1-10', '11-50'],
			revenue: [],
			companyAge: ['20+'],
			numberOfLocations: ['2-5'],
			techCategories: ['CRM'],
			technologies: ['Salesforce', '  '],
			companyNames: ['Acme'],
			websiteKeywords: ['solar'],
			category: { category: { type: 'naics_category', values: ['5112'] } },
		});
		expect(problems).toEqual([]);
		expect(filters).toEqual({
			country_code: { values: ['us', 'gb'] },
			city_region_country: { values: ['Austin, Texas, us'] },
			company_size: { values: ['1-10', '11-50'] },
			company_age: { values: ['20+'] },
			number_of_locations: { values: ['2-5'] },
			company_tech_stack_category: { values: ['CRM'] },
			company_tech_stack_tech: { values: ['Salesforce'] },
			company_name: { values: ['Acme'] },
			website_keywords: { values: ['solar'] },
			naics_category: { values: ['5112'] },
		});
	});

	it('reads every list field the same way: one value per line, commas too where values never hold one', () => {
		const { filters, problems } = filtersFromFields({
			countries: 'us\nGB; de',
			regions: 'US-CA, us-ny\nus-tx',
			cities: 'Austin, Texas, us\nBerlin, Berlin, de\n',
			companyNames: 'Acme, Inc.\nGlobex',
			technologies: 'Salesforce, HubSpot\nStripe',
			techCategories: 'CRM\nAnalytics, Tracking',
			websiteKeywords: 'solar, wind',
			categories: 'Software Company\nIT Services',
		});
		expect(problems).toEqual([]);
		expect(filters).toEqual({
			country_code: { values: ['us', 'gb', 'de'] },
			region_country_code: { values: ['us-ca', 'us-ny', 'us-tx'] },
			city_region_country: { values: ['Austin, Texas, us', 'Berlin, Berlin, de'] },
			company_name: { values: ['Acme, Inc.', 'Globex'] },
			company_tech_stack_tech: { values: ['Salesforce', 'HubSpot', 'Stripe'] },
			company_tech_stack_category: { values: ['CRM', 'Analytics, Tracking'] },
			website_keywords: { values: ['solar', 'wind'] },
			// Categories without Category Type: the type's default, Web Search Category
			websearch_category: { values: ['Software Company', 'IT Services'] },
		});
	});

	it('Countries: names, three-letter codes and everyday names become two-letter codes', () => {
		const countries = (value: IDataObject[string]) => filtersFromFields({ countries: value });
		expect(countries('USA, Germany, GBR, United Kingdom, U.K., côte d’ivoire, The Netherlands, South Korea').filters).toEqual({
			country_code: { values: ['us', 'de', 'gb', 'ci', 'nl', 'kr'] },
		});
		expect(countries(['usa', 'FRA']).filters).toEqual({ country_code: { values: ['us', 'fr'] } });
		// codes separated by spaces, as before; unknown two letters are left to the service
		expect(countries('us gb').filters).toEqual({ country_code: { values: ['us', 'gb'] } });
		expect(countries('xk').filters).toEqual({ country_code: { values: ['xk'] } });
		expect(countries('Atlantis').problems).toEqual(['Countries: "Atlantis" is not a country or two-letter code (e.g. us, de)']);
		expect(countries('Atlantis, Germany, Narnia').problems).toEqual([
			'Countries: "Atlantis", "Narnia" are not countries or two-letter codes (e.g. us, de)',
		]);
	});
});

