/** What nodeVersionsV2.test.ts and nodeVersionsV2.v1.test.ts share: the API version Search Businesses speaks for a credential choice. */
import { apiVersionFor } from '../../nodes/shared/transport/apiVersion';

export function speaksAs(choice: string | undefined, typeVersion: number, expected: string): void {
	expect(apiVersionFor(choice, { type: 'n8n-nodes-business-prospect-data.searchBusinesses', typeVersion })).toBe(expected);
}
