/**
 * The n8n release lines this package supports, each proven by `npm test` on the Node.js major its
 * official images run. Installs, cache keys, the e2e legs and the README's compatibility table read
 * this list: when a supported release changes, one line here changes (and the first install of
 * the new release writes its lockfile to n8nLockfiles/, to be committed: n8n.ts).
 */
export interface N8nLine {
	/** How users name the line. */
	name: string;
	/** The exact release the tests install. */
	version: string;
	/** The Node.js major that n8n's images of this line run, provisioned from the npm registry. */
	node: string;
	/** The CLI arguments that activate a workflow before `n8n start` (2.x calls it publishing). */
	publishArgs: (workflowId: string) => string[];
	/** Whether `POST /rest/workflows` keeps the id a workflow is sent with (1.x gives it a new one). */
	restKeepsWorkflowIds: boolean;
}

/** The line the whole suite runs on (2.41.3 does not install: a pinned dependency is missing). */
export const CURRENT_LINE: N8nLine = {
	name: '2.x',
	version: '2.41.1',
	node: '24',
	publishArgs: (workflowId) => ['publish:workflow', `--id=${workflowId}`],
	restKeepsWorkflowIds: true,
};

/** The 1.x line, still maintained and widely self-hosted: the compatibility leg runs on it. */
export const PREVIOUS_LINE: N8nLine = {
	name: '1.x',
	version: '1.123.81',
	node: '22',
	publishArgs: (workflowId) => ['update:workflow', `--id=${workflowId}`, '--active=true'],
	restKeepsWorkflowIds: false,
};

export const N8N_LINES: readonly N8nLine[] = [CURRENT_LINE, PREVIOUS_LINE];

/**
 * The oldest Node.js that a supported line accepts (n8n 1.123: ">=20.19 <= 24.x"). package.json's
 * `engines` says the same, and a test loads the compiled package on it.
 */
export const OLDEST_NODE = '20.19.0';

/** Names every install the suites provision: the key of a CI cache of the provisioning folder. */
export function provisioningKey(): string {
	return [...N8N_LINES.map((line) => `n8n${line.version}-node${line.node}`), `node${OLDEST_NODE}`].join('-');
}
