import type { EndpointName } from '../shared/catalog';

export type EnrichResource = 'prospect' | 'business';

/** How an enrichment's results for one id become output: one record, or a list of records. */
export type ResultShape = 'record' | 'list';

export interface Enrichment {
	/** option value in the node's multi-select */
	value: string;
	/** option label */
	name: string;
	description: string;
	endpoint: EndpointName;
	/** key of the output item that holds this enrichment */
	outputKey: string;
	shape: ResultShape;
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
				name: 'Strategic Insights (10-K)',
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
				name: 'Business Challenges (10-K)',
				description: 'Corporate risks and operational challenges of public companies',
				endpoint: 'enrichBusinessChallenges',
				outputKey: 'business_challenges',
				shape: 'record',
			},
		],
	},
};

/** The selected enrichments in the table's order (the order of output keys). */
export function selectedEnrichments(resource: EnrichResource, values: readonly string[]): Enrichment[] {
	const wanted = new Set(values);
	return RESOURCES[resource].enrichments.filter((enrichment) => wanted.has(enrichment.value));
}
