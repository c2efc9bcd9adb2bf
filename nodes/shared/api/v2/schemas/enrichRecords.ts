/**
 * What one record of each v2 enrichment holds, field by field, in v2's names: the type of every
 * top-level field of the `data` the sync `/enrich` answers (v2-migration-research.md §7, §14;
 * the fields of beyond-contract.md §6 and service-interface.md, as the sandbox serves them).
 * One source per enrichment: the job path reads each cell of a result CSV by its field's type
 * here (jobs/cells.ts), so a job's items are typed as `/enrich` types them whatever the file's
 * cell encoding, and the sandbox's answers are checked against these shapes. A field the
 * service adds later and this table lacks is read as text.
 */
import { z } from 'zod/v3';

/** A field's type: nested objects and lists travel as JSON text in a CSV cell. */
export type CellType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/** A field's type, `| null` when `/enrich` may give null for it. */
export type FieldType = CellType | `${CellType} | null`;

/** A field `/enrich` may leave out (the research names it; the sandbox serves it for some records). */
export interface OptionalField {
	optional: FieldType;
}

/** A record's fields and their types, in the order `/enrich` gives them. */
export type RecordShape = Readonly<Record<string, FieldType | OptionalField>>;

const mayLack = (type: FieldType): OptionalField => ({ optional: type });

/** The type of a record's field; undefined for a field the shape does not name. */
export function fieldTypeOf(shape: RecordShape, field: string): FieldType | undefined {
	if (!Object.hasOwn(shape, field)) return undefined;
	const type = shape[field];
	return typeof type === 'string' ? type : type.optional;
}

/** Whether the record may lack the field: `/enrich` leaves it out of some records. */
export const mayLackField = (shape: RecordShape, field: string): boolean => Object.hasOwn(shape, field) && typeof shape[field] !== 'string';

/** The type of a field, and whether it may be null. */
export function cellTypeOf(type: FieldType): { type: CellType; nullable: boolean } {
	const nullable = type.endsWith(' | null');
	return { type: (nullable ? type.slice(0, -' | null'.length) : type) as CellType, nullable };
}

const firmographics: RecordShape = {
	name: 'string',
	description: 'string',
	website: 'string',
	domain: 'string',
	location: 'object',
	// industry codes are text: "5112" keeps its leading digits and never becomes a number
	naics: 'string',
	naics_description: 'string',
	sic_code: 'string',
	sic_code_description: 'string',
	// null for a private company
	ticker: 'string | null',
	number_of_employees_range: 'string',
	yearly_revenue_range: 'string',
	profnet_profile: 'string',
};

/** The annual-report (10-K) enrichments share their heading fields. */
const annualReport = { company_name: 'string', fiscal_year: 'integer', source: 'string' } as const;

/** A post of a business or of a prospect (v2 dropped display_name from the business posts only: research §7, §14). */
const post: RecordShape = { post_text: 'string', post_url: 'string', likes: 'integer', comments: 'integer', created_at: 'string' };

const WORKFORCE_DEPARTMENTS = ['engineering', 'sales', 'marketing', 'operations', 'finance', 'human_resources', 'customer_support'];

/** The sync `/enrich` operations of API v2 and their records. */
export const ENRICHMENT_RECORDS: Readonly<Record<string, RecordShape>> = {
	enrichBusinessFunding: {
		company_name: 'string',
		total_funding_amount: 'integer',
		funding_rounds: 'array',
		acquisitions: 'array',
		// research §7: renamed from latest_funding_increase_in_percents; [I] a number
		latest_funding_increase_percentage: mayLack('number | null'),
	},
	enrichBusinessStrategy: { ...annualReport, corporate_focus: 'array', partnerships: 'array', competitive_strategies: 'array' },
	enrichBusinessWebsiteChanges: { website: 'string', changes: 'array' },
	enrichBusinessChallenges: { ...annualReport, risks: 'array', operational_challenges: 'array' },
	enrichBusinessFirmographics: firmographics,
	enrichBusinessTechnographics: { full_tech_stack: 'array', tech_stack_by_category: 'object' },
	enrichBusinessEmployeeRatings: {
		ratings_overall: 'number',
		ratings_culture_and_values: 'number',
		ratings_work_life_balance: 'number',
		ratings_compensation_and_benefits: 'number',
		ratings_career_opportunities: 'number',
		ratings_senior_management: 'number',
		total_reviews_count: 'integer',
	},
	enrichBusinessFinancialIndicators: {
		as_of: 'string',
		currency: 'string',
		revenue_yearly: 'integer',
		ebitda: 'integer',
		cagr: 'number',
		roa: 'number',
		tsr_1y: 'number',
		tsr_3y: 'number',
		tsr_5y: 'number',
		peer_companies: 'array',
	},
	enrichBusinessWorkforceTrends: Object.fromEntries(
		WORKFORCE_DEPARTMENTS.flatMap((department) => [
			[`perc_${department}_roles`, 'number'],
			[`change_in_${department}_roles`, 'number'],
		]),
	) as RecordShape,
	enrichBusinessCompetitiveLandscape: {
		company_name: 'string',
		key_competitors: 'array',
		competitive_differentiation: 'array',
		filed_at: 'string',
	},
	enrichBusinessPosts: post,
	enrichBusinessWebsiteKeywords: { url: 'string', keywords_indicator: 'boolean', text_results: 'array' },
	enrichBusinessLookalikes: { business_id: 'string', name: 'string', domain: 'string', similarity_score: 'number' },
	enrichBusinessWebstack: {
		live_techs: 'array',
		technologies_categories: 'array',
		spend: 'object',
		// research §7: renamed from money_spend_on_website_technologies; [I] a number
		money_spent_on_website_technologies: mayLack('number | null'),
	},
	enrichBusinessHierarchy: {
		parent_business_id: 'string | null',
		parent_name: 'string | null',
		ultimate_parent_business_id: 'string | null',
		ultimate_parent_name: 'string | null',
		subsidiaries: 'array',
	},
	enrichBusinessWebsiteTraffic: {
		month_period: 'string',
		website: 'string',
		visits: 'integer',
		users: 'integer',
		bounce_rate: 'number',
		rank: 'integer',
		channels: 'object',
	},
	enrichBusinessIntent: { intent_topics: 'array', level_of_intent: 'string' },
	enrichProspectProfiles: {
		full_name: 'string | null',
		country_name: 'string',
		profnet: 'string',
		experience: 'array',
		education: 'array',
		company_name: 'string',
		company_website: 'string',
		job_title: 'string',
	},
	enrichProspectPosts: {
		display_name: 'string | null',
		post_text: 'string',
		days_since_posted: 'integer',
		post_url: 'string',
		number_of_comments: 'integer',
		number_of_likes: 'integer',
		created_at: 'string',
	},
	// research §14: professions_email renamed, emails removed
	enrichProspectContacts: {
		professional_email: 'string',
		professional_email_status: 'string',
		phone_numbers: 'array',
		mobile_phone: 'string | null',
	},
};

/** The record shape of a v2 enrichment operation; undefined for an operation that has none. */
export const enrichmentRecord = (operation: string): RecordShape | undefined =>
	Object.hasOwn(ENRICHMENT_RECORDS, operation) ? ENRICHMENT_RECORDS[operation] : undefined;

const ZOD_OF: Record<CellType, () => z.ZodTypeAny> = {
	string: () => z.string(),
	number: () => z.number(),
	integer: () => z.number().int(),
	boolean: () => z.boolean(),
	object: () => z.record(z.unknown()),
	array: () => z.array(z.unknown()),
};

/** A record shape as a strict schema: every field present (but those it may lack), of its type, and no other field. */
export function recordSchema(shape: RecordShape): z.ZodTypeAny {
	return z
		.object(
			Object.fromEntries(
				Object.keys(shape).map((field) => {
					const { type, nullable } = cellTypeOf(fieldTypeOf(shape, field) as FieldType);
					const schema = nullable ? ZOD_OF[type]().nullable() : ZOD_OF[type]();
					return [field, typeof shape[field] === 'string' ? schema : schema.optional()];
				}),
			),
		)
		.strict();
}
