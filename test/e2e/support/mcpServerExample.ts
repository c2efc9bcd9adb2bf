/** The tools examples/mcp-server.json attaches to its MCP Server Trigger, by the names clients see. */
export const MCP_SERVER_TOOLS = [
	'Create_Business_Enrollment',
	'Enrich_Prospect',
	'Get_Events',
	'List_Business_Enrollments',
	'Match_Businesses',
	'Match_Prospects',
	'Search_Businesses',
];
