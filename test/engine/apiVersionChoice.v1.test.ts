/**
 * Which API version each pull node speaks where it speaks v1 (apiVersionChoice.cases.ts): a
 * credential saved before the field existed, or at Per Node Version, with the node at its old
 * typeVersion sends to /v1, as before; the credential's v1 wins over a new node. Retiring v1 deletes
 * this file (docs/development.md, "Retiring API v1").
 */
import { setUpSandbox, versionChoiceCases } from './apiVersionChoice.cases';

setUpSandbox();

/** The credential as stored, and what each node version speaks with it: the rows that speak v1. */
versionChoiceCases([
	['saved before API Version existed', {}, { old: 'v1' }, ['old']],
	['Per Node Version', { apiVersion: 'auto' }, { old: 'v1' }, ['old']],
	['v1 (wins over a new node)', { apiVersion: 'v1' }, { old: 'v1', new: 'v1' }, ['old', 'new']],
]);
