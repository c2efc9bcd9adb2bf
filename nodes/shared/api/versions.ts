/** The API versions the package speaks, oldest first: retiring one removes its name here. */
export const API_VERSIONS = [
	'v1', // the legacy version: retiring it deletes this line (docs/development.md, "Retiring API v1")
	'v2',
] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

