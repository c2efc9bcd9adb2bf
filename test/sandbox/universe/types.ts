/**
 * Shapes of the simulated data. Field names are the service's (snake_case) where they are served.
 * Served shapes are type aliases, not interfaces: aliases get an implicit index signature, so
 * tests can compare them with n8n's IDataObject output without casts.
 */

/** The preview form of a business, as search returns it with mode "preview". */
export type BusinessPreview = {
	business_id: string;
	name: string;
	domain: string;
	logo: string;
	country_name: string;
};

/** The full form, as search returns it with mode "full" (fields per the service's reference). */
export type BusinessRecord = BusinessPreview & {
	city_name: string;
	region: string;
	number_of_employees_range: string;
	yearly_revenue_range: string;
	website: string;
	business_description: string;
	naics: string;
	naics_description: string;
	sic_code: string;
	sic_code_description: string;
	business_intent_topics: string[];
};

/**
 * What the search filters look at, keyed by filter name. Not served: the real service keeps these
 * behind its filters too. Bracket filters store the business's bracket from FILTER_BRACKETS;
 * the exact numbers behind them are in `metrics`.
 */
export interface BusinessFacets {
	country_code: string;
	region_country_code: string;
	city_region_country: string;
	company_size: string;
	company_revenue: string;
	company_age: string;
	number_of_locations: string;
	websearch_category: string;
	profnet_category: string;
	naics_category: string;
	company_tech_stack_category: string[];
	company_tech_stack_tech: string[];
	website_keywords: string[];
}

/** The numbers inside the brackets, so free bracket values ("6+", "1") filter too. */
export interface BusinessMetrics {
	employees: number;
	/** yearly revenue in US dollars */
	revenue: number;
	age_years: number;
	locations: number;
}

export interface SandboxBusiness extends BusinessRecord {
	facets: BusinessFacets;
	metrics: BusinessMetrics;
	/** only public companies have 10-K based enrichment (strategy, challenges) */
	public_company: boolean;
}

export type Experience = {
	company_name: string;
	company_website: string | null;
	title: string;
	start_date: string;
	end_date: string | null;
	is_current: boolean;
};

export type Education = {
	school: string;
	degree: string;
	field_of_study: string;
	start_year: number;
	end_year: number;
};

/** The nested `data` of a profile enrichment element. */
export type ProspectProfile = {
	full_name: string | null;
	country_name: string;
	profnet: string;
	experience: Experience[];
	education: Education[];
	company_name: string;
	company_website: string;
	job_title: string;
};

/** The nested `data` of a posts enrichment element. */
export type ProspectPost = {
	display_name: string | null;
	post_text: string;
	days_since_posted: number;
	post_url: string;
	number_of_comments: number;
	number_of_likes: number;
	/** ISO 8601 without offset, as in the service's example */
	created_at: string;
};

export interface SandboxProspect {
	prospect_id: string;
	full_name: string;
	company_name: string;
	business_id: string;
	email: string;
	phone_number: string;
	profnet: string;
	profile: ProspectProfile;
	/** 0 to 5 posts; see `universe.prospects.filter(p => p.posts.length === 3)` */
	posts: ProspectPost[];
	/**
	 * false for about 10% of prospects: the service knows them but match never finds them,
	 * whichever fetcher is used. Enrichment by id still works.
	 */
	matchable: boolean;
}

export type BusinessEvent = {
	event_name: string;
	/** ISO 8601 with a UTC offset */
	event_time: string;
	event_id: string;
	data: Record<string, unknown>;
	business_id: string;
};

/** The fetchers of a match item; "name" is full_name together with company_name. */
export type Fetcher = 'email' | 'phone_number' | 'profnet' | 'name';

/** One element of prospects_to_match. */
export type MatchInput = {
	business_id?: string;
	full_name?: string;
	company_name?: string;
	email?: string;
	phone_number?: string;
	profnet?: string;
};

/**
 * A prospect event (POST /v1/prospects/events). `data` per the service's reference: for a role
 * or company change current_/previous_ company_name, company_id and job_title; for an anniversary
 * full_name, company_name, years_at_company, job_title, job_anniversary_date and profnet_url.
 */
export type ProspectEvent = {
	event_name: string;
	/** ISO 8601 with a UTC offset */
	event_time: string;
	event_id: string;
	prospect_id: string;
	data: Record<string, unknown>;
};
