/** What a model reads about Enrich as a tool. */
export const ENRICH_TOOL_DESCRIPTION = {
	prospect:
		"Get more about a person: their professional profile (job title, company, experience, education), contact information (professional email and phone numbers; on API v1 also emails with their validity) or recent social posts, as set up for this tool. Returns them with enrichment_status ('not_found' when there is nothing); needs the prospect ID that Match Prospects returns.",
	business:
		"Get more about a company, as set up for this tool: its profile (industry, size, location), technologies, employee ratings, financial indicators, workforce trends, competitors, social posts, website keywords, similar companies, parent and subsidiaries, website traffic, buying intent, funding and acquisitions, annual-report insights and challenges, or website changes. Returns each under its own key with enrichment_status ('not_found' when there is nothing, 'partial' when one of them failed); needs the business ID that Search Businesses returns.",
} as const;

export const PROSPECT_ID_FOR_MODEL =
	'The prospect ID of the person, as Match Prospects returns it in prospect_id, e.g. aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d';

export const BUSINESS_ID_FOR_MODEL =
	'The business ID of the company (32 lowercase hexadecimal characters), as Search Businesses returns it in business_id, e.g. 3f2a9c1e0b7d4e5f8a6b2c3d4e5f6a7b';
