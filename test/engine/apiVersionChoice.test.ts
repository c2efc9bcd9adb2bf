/**
 * Which API version each pull node speaks, decided by the credential's API Version and the node's
 * typeVersion (transport/apiVersion.ts), through n8n-core's engine against the sandbox
 * (apiVersionChoice.cases.ts), where it speaks v2: a node added now (its new typeVersion) sends to
 * /v2 on a credential saved before the field existed or at Per Node Version; the credential's v2
 * wins over an old node. Every node reads the credential once per run for both the version and its
 * client. Where it speaks v1: apiVersionChoice.v1.test.ts.
 */
import { setUpSandbox, versionChoiceCases } from './apiVersionChoice.cases';

setUpSandbox();

/** The credential as stored, and what each node version speaks with it: the rows that speak v2. */
versionChoiceCases([
	['saved before API Version existed', {}, { new: 'v2' }, ['new']],
	['Per Node Version', { apiVersion: 'auto' }, { new: 'v2' }, ['new']],
	['v2 (wins over an old node)', { apiVersion: 'v2' }, { old: 'v2', new: 'v2' }, ['old', 'new']],
]);
