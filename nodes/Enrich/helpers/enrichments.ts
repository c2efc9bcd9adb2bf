import type { CommonOperationName } from '../../shared/api';

export type EnrichResource = 'prospect' | 'business';

/** How an enrichment's results for one id become output: one record, or a list of records. */
export type ResultShape = 'record' | 'list';

export interface Enrichment {
	/** option value in the node's multi-select */
	value: string;
	/** option label */
	name: string;
	description: string;
	endpoint: CommonOperationName;
	/** key of the output item that holds this enrichment */
	outputKey: string;
	shape: ResultShape;
	/**
	 * Social posts never decide `enrichment_status` (a prospect without posts is still found); every
	 * other enrichment does, lists included: similar companies that came back are data.
	 */
	ignoredByStatus?: true;
	/** the enrichment takes typed parameters (fields shown when it is selected, see parameters.ts) */
	parameters?: 'websiteKeywords' | 'financialIndicators' | 'websiteTraffic' | 'businessIntent';
}

export interface ResourceDefinition {
	/** the id field the service joins results by, and the id field of an input item */
	idField: 'prospect_id' | 'business_id';
	/** what the user calls the id */
	idLabel: string;
	enrichments: Enrichment[];
}

/** Every enrichment the service offers, by resource. The node's UI and execute both read this. */
export const RESOURCES: Record<EnrichResource, ResourceDefinition> = {
	prospect: {
		idField: 'prospect_id',
		idLabel: 'prospect ID',
		enrichments: [
			{
				value: 'profile',
				name: 'Professional Profile',
				description: 'Name, job title, company, country, experience and education',
				endpoint: 'enrichProspectProfiles',
				outputKey: 'profile',
				shape: 'record',
			},
			{
				value: 'posts',
				name: 'Social Posts',
				description: 'Recent posts on the professional network, with likes and comments',
				endpoint: 'enrichProspectPosts',
				outputKey: 'posts',
				shape: 'list',
				ignoredByStatus: true,
			},
			{
				value: 'contactInformation',
				name: 'Contact Information',
				description: 'Email addresses with their validity, and phone numbers (mobile included)',
				endpoint: 'enrichProspectContacts',
				outputKey: 'contact_information',
				shape: 'record',
			},
		],
	},
	business: {
		idField: 'business_id',
		idLabel: 'business ID',
		enrichments: [
			{
				value: 'fundingAndAcquisitions',
				name: 'Funding and Acquisitions',
				description: 'Historical funding rounds and acquisitions',
				endpoint: 'enrichBusinessFunding',
				outputKey: 'funding_and_acquisitions',
				shape: 'record',
			},
			{
				value: 'strategicInsights',
				name: 'Strategic Insights (Annual Report)',
				description: 'Corporate focus, partnerships and competitive strategy of public companies',
				endpoint: 'enrichBusinessStrategy',
				outputKey: 'strategic_insights',
				shape: 'record',
			},
			{
				value: 'websiteChanges',
				name: 'Website Changes',
				description: 'Detected changes of the website content, with when and where they happened',
				endpoint: 'enrichBusinessWebsiteChanges',
				outputKey: 'website_changes',
				shape: 'record',
			},
			{
				value: 'businessChallenges',
				name: 'Business Challenges (Annual Report)',
				description: 'Corporate risks and operational challenges of public companies',
				endpoint: 'enrichBusinessChallenges',
				outputKey: 'business_challenges',
				shape: 'record',
			},
			{
				value: 'firmographics',
				name: 'Company Profile',
				description: 'Name, description, website, location, industry codes, ticker, employee and revenue ranges',
				endpoint: 'enrichBusinessFirmographics',
				outputKey: 'firmographics',
				shape: 'record',
			},
			{
				value: 'technographics',
				name: 'Technologies Used',
				description: 'The technologies the company uses, in full and by category',
				endpoint: 'enrichBusinessTechnographics',
				outputKey: 'technographics',
				shape: 'record',
			},
			{
				value: 'employeeRatings',
				name: 'Employee Ratings',
				description: 'How employees rate the company: overall, by topic, and the number of reviews',
				endpoint: 'enrichBusinessEmployeeRatings',
				outputKey: 'employee_ratings',
				shape: 'record',
			},
			{
				value: 'financialIndicators',
				name: 'Financial Indicators',
				description: 'Yearly revenue, EBITDA, growth, return on assets, shareholder return and peer companies',
				endpoint: 'enrichBusinessFinancialIndicators',
				outputKey: 'financial_indicators',
				shape: 'record',
				parameters: 'financialIndicators',
			},
			{
				value: 'workforceTrends',
				name: 'Workforce Trends',
				description: 'Share of roles per department and how it changed',
				endpoint: 'enrichBusinessWorkforceTrends',
				outputKey: 'workforce_trends',
				shape: 'record',
			},
			{
				value: 'competitiveLandscape',
				name: 'Competitive Landscape (Annual Report)',
				description: 'Key competitors and competitive differentiation of public companies',
				endpoint: 'enrichBusinessCompetitiveLandscape',
				outputKey: 'competitive_landscape',
				shape: 'record',
			},
			{
				value: 'businessPosts',
				name: 'Social Posts',
				description: 'Recent posts of the company on the professional network, with likes and comments',
				endpoint: 'enrichBusinessPosts',
				outputKey: 'posts',
				shape: 'list',
				ignoredByStatus: true,
			},
			{
				value: 'websiteKeywords',
				name: 'Website Keywords',
				description: 'Whether the company website mentions the keywords you give, with the passages found',
				endpoint: 'enrichBusinessWebsiteKeywords',
				outputKey: 'website_keywords',
				shape: 'record',
				parameters: 'websiteKeywords',
			},
			{
				value: 'lookalikes',
				name: 'Similar Companies',
				description: 'Up to three companies like this one, with a similarity score',
				endpoint: 'enrichBusinessLookalikes',
				outputKey: 'similar_companies',
				shape: 'list',
			},
			{
				value: 'webstack',
				name: 'Website Technologies',
				description: 'Technologies live on the company website, their categories and estimated spend',
				endpoint: 'enrichBusinessWebstack',
				outputKey: 'website_technologies',
				shape: 'record',
			},
			{
				value: 'companyHierarchy',
				name: 'Company Hierarchy',
				description: 'Parent and ultimate parent company, and subsidiaries',
				endpoint: 'enrichBusinessHierarchy',
				outputKey: 'company_hierarchy',
				shape: 'record',
			},
			{
				value: 'websiteTraffic',
				name: 'Website Traffic',
				description: 'Visits, users, bounce rate, rank and traffic channels of one month',
				endpoint: 'enrichBusinessWebsiteTraffic',
				outputKey: 'website_traffic',
				shape: 'record',
				parameters: 'websiteTraffic',
			},
			{
				value: 'businessIntent',
				name: 'Buying Intent',
				description: 'Topics the company shows buying intent for, with the level of intent',
				endpoint: 'enrichBusinessIntent',
				outputKey: 'business_intent',
				shape: 'record',
				parameters: 'businessIntent',
			},
		],
	},
};

/** The selected enrichments in the table's order (the order of output keys). */
export function selectedEnrichments(resource: EnrichResource, values: readonly string[]): Enrichment[] {
	const wanted = new Set(values);
	return RESOURCES[resource].enrichments.filter((enrichment) => wanted.has(enrichment.value));
}
