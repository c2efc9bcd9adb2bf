/**
 * Where the businesses are: countries, their regions (ISO 3166-2 style codes, the
 * region_country_code filter values) and cities. Part of the fixed word lists the universe is
 * drawn from, so tests can name a value ("us", "us-tx") knowing it exists.
 */

export interface Region {
	/** ISO 3166-2 style, lowercase: the region_country_code filter value */
	code: string;
	name: string;
	cities: readonly string[];
}

export interface Country {
	code: string;
	name: string;
	callingCode: string;
	/** relative share of the businesses headquartered there */
	weight: number;
	/** appended to company names, for realism */
	legalSuffixes: readonly string[];
	regions: readonly Region[];
}

/**
 * Weights are chosen so that "us" holds well over 1,000 businesses and the small countries
 * ("se", "jp", "sg") hold a few dozen to a few hundred: tests need both sizes.
 */
export const COUNTRIES: readonly Country[] = [
	{
		code: 'us',
		name: 'United States',
		callingCode: '1',
		weight: 40,
		legalSuffixes: ['Inc.', 'LLC', 'Corp.'],
		regions: [
			{ code: 'us-ca', name: 'California', cities: ['San Francisco', 'Los Angeles', 'San Diego'] },
			{ code: 'us-tx', name: 'Texas', cities: ['Austin', 'Houston', 'Dallas'] },
			{ code: 'us-ny', name: 'New York', cities: ['New York', 'Buffalo'] },
			{ code: 'us-wa', name: 'Washington', cities: ['Seattle', 'Spokane'] },
			{ code: 'us-ma', name: 'Massachusetts', cities: ['Boston', 'Cambridge'] },
			{ code: 'us-il', name: 'Illinois', cities: ['Chicago'] },
			{ code: 'us-fl', name: 'Florida', cities: ['Miami', 'Orlando'] },
			{ code: 'us-co', name: 'Colorado', cities: ['Denver', 'Boulder'] },
		],
	},
	{
		code: 'gb',
		name: 'United Kingdom',
		callingCode: '44',
		weight: 10,
		legalSuffixes: ['Ltd', 'PLC'],
		regions: [
			{ code: 'gb-eng', name: 'England', cities: ['London', 'Manchester', 'Bristol'] },
			{ code: 'gb-sct', name: 'Scotland', cities: ['Edinburgh', 'Glasgow'] },
			{ code: 'gb-wls', name: 'Wales', cities: ['Cardiff'] },
		],
	},
	{
		code: 'de',
		name: 'Germany',
		callingCode: '49',
		weight: 8,
		legalSuffixes: ['GmbH', 'AG'],
		regions: [
			{ code: 'de-be', name: 'Berlin', cities: ['Berlin'] },
			{ code: 'de-by', name: 'Bavaria', cities: ['Munich', 'Nuremberg'] },
			{ code: 'de-hh', name: 'Hamburg', cities: ['Hamburg'] },
			{ code: 'de-nw', name: 'North Rhine-Westphalia', cities: ['Cologne', 'Düsseldorf'] },
		],
	},
	{
		code: 'fr',
		name: 'France',
		callingCode: '33',
		weight: 6,
		legalSuffixes: ['SAS', 'SA'],
		regions: [
			{ code: 'fr-idf', name: 'Île-de-France', cities: ['Paris'] },
			{ code: 'fr-ara', name: 'Auvergne-Rhône-Alpes', cities: ['Lyon', 'Grenoble'] },
			{ code: 'fr-pac', name: "Provence-Alpes-Côte d'Azur", cities: ['Marseille', 'Nice'] },
		],
	},
	{
		code: 'ca',
		name: 'Canada',
		callingCode: '1',
		weight: 6,
		legalSuffixes: ['Inc.', 'Ltd.'],
		regions: [
			{ code: 'ca-on', name: 'Ontario', cities: ['Toronto', 'Ottawa'] },
			{ code: 'ca-qc', name: 'Quebec', cities: ['Montreal'] },
			{ code: 'ca-bc', name: 'British Columbia', cities: ['Vancouver'] },
		],
	},
	{
		code: 'in',
		name: 'India',
		callingCode: '91',
		weight: 6,
		legalSuffixes: ['Pvt Ltd', 'Ltd'],
		regions: [
			{ code: 'in-ka', name: 'Karnataka', cities: ['Bengaluru'] },
			{ code: 'in-mh', name: 'Maharashtra', cities: ['Mumbai', 'Pune'] },
			{ code: 'in-dl', name: 'Delhi', cities: ['New Delhi'] },
		],
	},
	{
		code: 'au',
		name: 'Australia',
		callingCode: '61',
		weight: 5,
		legalSuffixes: ['Pty Ltd'],
		regions: [
			{ code: 'au-nsw', name: 'New South Wales', cities: ['Sydney'] },
			{ code: 'au-vic', name: 'Victoria', cities: ['Melbourne'] },
		],
	},
	{
		code: 'nl',
		name: 'Netherlands',
		callingCode: '31',
		weight: 4,
		legalSuffixes: ['B.V.'],
		regions: [
			{ code: 'nl-nh', name: 'North Holland', cities: ['Amsterdam'] },
			{ code: 'nl-zh', name: 'South Holland', cities: ['Rotterdam', 'The Hague'] },
		],
	},
	{
		code: 'es',
		name: 'Spain',
		callingCode: '34',
		weight: 4,
		legalSuffixes: ['S.L.', 'S.A.'],
		regions: [
			{ code: 'es-md', name: 'Madrid', cities: ['Madrid'] },
			{ code: 'es-ct', name: 'Catalonia', cities: ['Barcelona'] },
		],
	},
	{
		code: 'br',
		name: 'Brazil',
		callingCode: '55',
		weight: 4,
		legalSuffixes: ['Ltda.', 'S.A.'],
		regions: [
			{ code: 'br-sp', name: 'São Paulo', cities: ['São Paulo', 'Campinas'] },
			{ code: 'br-rj', name: 'Rio de Janeiro', cities: ['Rio de Janeiro'] },
		],
	},
	{
		code: 'se',
		name: 'Sweden',
		callingCode: '46',
		weight: 2.75,
		legalSuffixes: ['AB'],
		regions: [
			{ code: 'se-ab', name: 'Stockholm County', cities: ['Stockholm'] },
			{ code: 'se-o', name: 'Västra Götaland', cities: ['Gothenburg'] },
		],
	},
	{
		code: 'jp',
		name: 'Japan',
		callingCode: '81',
		weight: 2.25,
		legalSuffixes: ['K.K.'],
		regions: [
			{ code: 'jp-13', name: 'Tokyo', cities: ['Tokyo'] },
			{ code: 'jp-27', name: 'Osaka', cities: ['Osaka'] },
		],
	},
	{
		code: 'sg',
		name: 'Singapore',
		callingCode: '65',
		weight: 1,
		legalSuffixes: ['Pte. Ltd.'],
		regions: [{ code: 'sg-01', name: 'Central Singapore', cities: ['Singapore'] }],
	},
];
