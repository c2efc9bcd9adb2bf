/**
 * API v1's cases of toolMode.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Tool mode of the five action nodes, checked with n8n-workflow's own parameter resolution: the
 * same description resolves to the normal parameters for `<name>` and to `$fromAI()` arguments for
 * n8n's generated `<name>Tool` (the `@tool` display option). The e2e test (mcpTools) runs them.
 */
import { hasItsOwnToolText } from './toolMode.cases';

describe('tool mode (n8n\'s generated <name>Tool variant)', () => {
	test.each([
		// the node at typeVersion 1 speaks v1, where an update sends the enrollment's key (required)
		['prospectEnrollment', 'update', { enrollment_id: ['string', false], enrollment_key: ['string', false], prospect_ids: ['string', false] }],
	] as const)('Manage Enrollment %s %s: its own description and arguments', (resource, operation, expected) =>
		hasItsOwnToolText(resource, operation, expected),
	);
});
