/**
 * What the businesses are: industries with their categories, codes, keywords and name words, and
 * the technologies of the tech stack filters. Domains built from these names use the reserved
 * .example top-level domain, so nothing points at a real company.
 */

export interface Technology {
	name: string;
	category: string;
}

export const TECHNOLOGIES: readonly Technology[] = [
	{ name: 'Salesforce', category: 'CRM' },
	{ name: 'HubSpot', category: 'Marketing Automation' },
	{ name: 'Marketo', category: 'Marketing Automation' },
	{ name: 'Google Analytics', category: 'Analytics' },
	{ name: 'Segment', category: 'Analytics' },
	{ name: 'React', category: 'JavaScript Frameworks' },
	{ name: 'Angular', category: 'JavaScript Frameworks' },
	{ name: 'Vue.js', category: 'JavaScript Frameworks' },
	{ name: 'Amazon Web Services', category: 'Cloud Hosting' },
	{ name: 'Google Cloud', category: 'Cloud Hosting' },
	{ name: 'Microsoft Azure', category: 'Cloud Hosting' },
	{ name: 'Shopify', category: 'E-commerce Platforms' },
	{ name: 'WooCommerce', category: 'E-commerce Platforms' },
	{ name: 'Stripe', category: 'Payment Processing' },
	{ name: 'Zendesk', category: 'Customer Support' },
	{ name: 'Intercom', category: 'Customer Support' },
	{ name: 'Slack', category: 'Collaboration' },
	{ name: 'Jira', category: 'Project Management' },
	{ name: 'WordPress', category: 'Content Management' },
	{ name: 'Cloudflare', category: 'CDN' },
	{ name: 'Snowflake', category: 'Data Warehousing' },
	{ name: 'Kubernetes', category: 'Containers' },
];

export interface Industry {
	weight: number;
	websearchCategory: string;
	profnetCategory: string;
	naics: string;
	naicsDescription: string;
	sicCode: string;
	sicDescription: string;
	/** last word of a company name: "Silver Oak <Analytics>" */
	nameWords: readonly string[];
	/** phrase for the description: "a <software> company" */
	phrase: string;
	keywords: readonly string[];
	/** how many technologies such a company typically uses */
	techCount: readonly [number, number];
	jobTitles: readonly string[];
}

export const INDUSTRIES: readonly Industry[] = [
	{
		weight: 14,
		websearchCategory: 'Software Company',
		profnetCategory: 'Software Development',
		naics: '541511',
		naicsDescription: 'Custom Computer Programming Services',
		sicCode: '7371',
		sicDescription: 'Computer Programming Services',
		nameWords: ['Software', 'Labs', 'Systems', 'Cloud', 'Analytics', 'Data'],
		phrase: 'software',
		keywords: ['saas', 'api', 'cloud platform', 'machine learning', 'developer tools', 'integrations'],
		techCount: [4, 7],
		jobTitles: ['Software Engineer', 'Chief Technology Officer', 'Product Manager', 'Data Scientist'],
	},
	{
		weight: 9,
		websearchCategory: 'IT Services',
		profnetCategory: 'IT Services and IT Consulting',
		naics: '541512',
		naicsDescription: 'Computer Systems Design Services',
		sicCode: '7373',
		sicDescription: 'Computer Integrated Systems Design',
		nameWords: ['Consulting', 'Technologies', 'IT', 'Solutions'],
		phrase: 'IT consulting',
		keywords: ['managed services', 'cloud migration', 'cybersecurity', 'it support', 'consulting'],
		techCount: [3, 6],
		jobTitles: ['IT Consultant', 'Solutions Architect', 'Service Delivery Manager'],
	},
	{
		weight: 8,
		websearchCategory: 'Financial Institution',
		profnetCategory: 'Financial Services',
		naics: '523920',
		naicsDescription: 'Portfolio Management',
		sicCode: '6282',
		sicDescription: 'Investment Advice',
		nameWords: ['Capital', 'Partners', 'Financial', 'Advisors', 'Wealth'],
		phrase: 'investment management',
		keywords: ['wealth management', 'investment', 'retirement planning', 'private equity', 'fintech'],
		techCount: [2, 5],
		jobTitles: ['Portfolio Manager', 'Financial Analyst', 'Chief Financial Officer'],
	},
	{
		weight: 8,
		websearchCategory: 'Medical Clinic',
		profnetCategory: 'Hospitals and Health Care',
		naics: '621111',
		naicsDescription: 'Offices of Physicians (except Mental Health Specialists)',
		sicCode: '8011',
		sicDescription: 'Offices and Clinics of Doctors of Medicine',
		nameWords: ['Health', 'Medical', 'Clinic', 'Care'],
		phrase: 'health care',
		keywords: ['patient care', 'telehealth', 'primary care', 'diagnostics', 'wellness'],
		techCount: [1, 3],
		jobTitles: ['Medical Director', 'Practice Manager', 'Head of Nursing'],
	},
	{
		weight: 8,
		websearchCategory: 'Manufacturer',
		profnetCategory: 'Industrial Machinery Manufacturing',
		naics: '333249',
		naicsDescription: 'Other Industrial Machinery Manufacturing',
		sicCode: '3559',
		sicDescription: 'Special Industry Machinery',
		nameWords: ['Industries', 'Manufacturing', 'Machines', 'Works'],
		phrase: 'industrial machinery',
		keywords: ['manufacturing', 'automation', 'precision engineering', 'iso 9001', 'supply chain'],
		techCount: [1, 4],
		jobTitles: ['Plant Manager', 'Manufacturing Engineer', 'Head of Procurement'],
	},
	{
		weight: 7,
		websearchCategory: 'Clothing Store',
		profnetCategory: 'Retail Apparel and Fashion',
		naics: '448140',
		naicsDescription: 'Family Clothing Stores',
		sicCode: '5651',
		sicDescription: 'Family Clothing Stores',
		nameWords: ['Apparel', 'Outfitters', 'Clothing', 'Boutique'],
		phrase: 'fashion retail',
		keywords: ['online store', 'sustainable fashion', 'free shipping', 'new collection', 'retail'],
		techCount: [2, 5],
		jobTitles: ['Store Manager', 'Head of E-commerce', 'Buyer'],
	},
	{
		weight: 7,
		websearchCategory: 'Restaurant',
		profnetCategory: 'Restaurants',
		naics: '722511',
		naicsDescription: 'Full-Service Restaurants',
		sicCode: '5812',
		sicDescription: 'Eating Places',
		nameWords: ['Kitchen', 'Bistro', 'Grill', 'Eatery'],
		phrase: 'restaurant',
		keywords: ['reservations', 'catering', 'seasonal menu', 'delivery', 'private dining'],
		techCount: [1, 2],
		jobTitles: ['Head Chef', 'General Manager', 'Operations Manager'],
	},
	{
		weight: 7,
		websearchCategory: 'Logistics Service',
		profnetCategory: 'Transportation, Logistics, Supply Chain and Storage',
		naics: '488510',
		naicsDescription: 'Freight Transportation Arrangement',
		sicCode: '4731',
		sicDescription: 'Arrangement of Transportation of Freight and Cargo',
		nameWords: ['Logistics', 'Freight', 'Shipping', 'Transport'],
		phrase: 'logistics',
		keywords: ['freight forwarding', 'warehousing', 'last mile', 'customs brokerage', 'supply chain'],
		techCount: [2, 4],
		jobTitles: ['Logistics Manager', 'Head of Operations', 'Fleet Manager'],
	},
	{
		weight: 6,
		websearchCategory: 'Marketing Agency',
		profnetCategory: 'Advertising Services',
		naics: '541810',
		naicsDescription: 'Advertising Agencies',
		sicCode: '7311',
		sicDescription: 'Advertising Agencies',
		nameWords: ['Media', 'Creative', 'Agency', 'Digital'],
		phrase: 'marketing agency',
		keywords: ['seo', 'content marketing', 'branding', 'paid social', 'growth marketing'],
		techCount: [3, 6],
		jobTitles: ['Creative Director', 'Head of Marketing', 'Account Director'],
	},
	{
		weight: 6,
		websearchCategory: 'General Contractor',
		profnetCategory: 'Construction',
		naics: '236220',
		naicsDescription: 'Commercial and Institutional Building Construction',
		sicCode: '1542',
		sicDescription: 'General Contractors-Nonresidential Buildings',
		nameWords: ['Builders', 'Construction', 'Contractors'],
		phrase: 'construction',
		keywords: ['commercial construction', 'renovation', 'project management', 'design build'],
		techCount: [1, 3],
		jobTitles: ['Project Manager', 'Site Manager', 'Estimator'],
	},
	{
		weight: 5,
		websearchCategory: 'Educational Institution',
		profnetCategory: 'E-Learning Providers',
		naics: '611710',
		naicsDescription: 'Educational Support Services',
		sicCode: '8299',
		sicDescription: 'Schools and Educational Services',
		nameWords: ['Academy', 'Learning', 'Education'],
		phrase: 'education',
		keywords: ['online courses', 'certification', 'tutoring', 'e-learning', 'corporate training'],
		techCount: [2, 4],
		jobTitles: ['Head of Curriculum', 'Learning Designer', 'Director of Admissions'],
	},
	{
		weight: 5,
		websearchCategory: 'Real Estate Agency',
		profnetCategory: 'Real Estate',
		naics: '531210',
		naicsDescription: 'Offices of Real Estate Agents and Brokers',
		sicCode: '6531',
		sicDescription: 'Real Estate Agents and Managers',
		nameWords: ['Realty', 'Properties', 'Estates'],
		phrase: 'real estate',
		keywords: ['property management', 'commercial real estate', 'leasing', 'home valuation'],
		techCount: [1, 3],
		jobTitles: ['Broker', 'Property Manager', 'Leasing Director'],
	},
	{
		weight: 3,
		websearchCategory: 'Biotechnology Company',
		profnetCategory: 'Biotechnology Research',
		naics: '541714',
		naicsDescription: 'Research and Development in Biotechnology (except Nanobiotechnology)',
		sicCode: '8731',
		sicDescription: 'Commercial Physical and Biological Research',
		nameWords: ['Bio', 'Therapeutics', 'Genomics', 'Biosciences'],
		phrase: 'biotechnology',
		keywords: ['clinical trials', 'drug discovery', 'genomics', 'biologics', 'laboratory'],
		techCount: [2, 4],
		jobTitles: ['Research Scientist', 'Chief Scientific Officer', 'Clinical Operations Lead'],
	},
	{
		weight: 3,
		websearchCategory: 'Law Firm',
		profnetCategory: 'Law Practice',
		naics: '541110',
		naicsDescription: 'Offices of Lawyers',
		sicCode: '8111',
		sicDescription: 'Legal Services',
		nameWords: ['Legal', 'Law', 'Attorneys'],
		phrase: 'legal services',
		keywords: ['litigation', 'corporate law', 'intellectual property', 'legal advice'],
		techCount: [1, 3],
		jobTitles: ['Managing Partner', 'Associate', 'Paralegal'],
	},
];

/** Keywords any company's website may carry, besides its industry's. */
export const GENERIC_KEYWORDS = ['careers', 'sustainability', 'customer stories', 'pricing', 'partners', 'blog'];

export const INTENT_TOPICS = [
	'Cloud Computing',
	'Customer Experience',
	'Cybersecurity',
	'Data Analytics',
	'Digital Transformation',
	'Employee Engagement',
	'Lead Generation',
	'Sales Enablement',
	'Supply Chain Optimization',
	'Sustainability Reporting',
];

/** First halves of company names: "<Silver> <Oak> Analytics". */
// prettier-ignore
export const NAME_ADJECTIVES = [
	'Silver', 'Blue', 'Red', 'Green', 'Golden', 'Bright', 'North', 'South', 'East', 'West',
	'Swift', 'Clear', 'Bold', 'Quiet', 'True', 'Prime', 'Grand', 'Little', 'High', 'Deep',
	'Iron', 'Crystal', 'Summit', 'Harbor', 'Maple', 'Cedar', 'Granite', 'Coastal', 'Urban', 'Polar',
];
// prettier-ignore
export const NAME_NOUNS = [
	'Oak', 'River', 'Peak', 'Stone', 'Field', 'Bridge', 'Lake', 'Pine', 'Hill', 'Wave',
	'Falcon', 'Fox', 'Owl', 'Bear', 'Wolf', 'Star', 'Sun', 'Moon', 'Cloud', 'Rock',
	'Meadow', 'Forest', 'Canyon', 'Valley', 'Beacon', 'Anchor', 'Compass', 'Arrow', 'Spark', 'Leaf',
];
