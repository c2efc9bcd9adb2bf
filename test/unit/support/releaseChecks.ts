/**
 * What the release pipeline must guarantee, as functions that list the problems they find (an
 * empty list means the files are right). release.test.ts runs them on the repository's files and
 * on broken copies, so every rule is shown to catch what it is there for.
 */
import { OLDEST_NODE } from '../../../scripts/provision/n8nLines';

/* A parsed workflow: only the parts these checks read. */
export interface Step {
	id?: string;
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, unknown>;
}
export interface Job {
	name?: string;
	needs?: string | string[];
	uses?: string;
	permissions?: Record<string, string> | string;
	steps?: Step[];
	[key: string]: unknown;
}
export interface Workflow {
	on?: Record<string, unknown> | string | string[];
	permissions?: Record<string, string> | string;
	jobs?: Record<string, Job>;
}

export interface Manifest {
	version: string;
	homepage?: string;
	repository?: { type?: string; url?: string } | string;
	bugs?: { url?: string } | string;
	engines?: Record<string, string>;
	files?: string[];
}

const CI_WORKFLOW = './.github/workflows/ci.yml';

const triggers = (workflow: Workflow): Record<string, unknown> => {
	const on = workflow.on;
	if (typeof on === 'string') return { [on]: null };
	if (Array.isArray(on)) return Object.fromEntries(on.map((event) => [event, null]));
	return on ?? {};
};
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value == null ? [] : [String(value)]);
const needsOf = (job: Job): string[] => asList(job.needs);
const stepsOf = (job: Job | undefined): Step[] => job?.steps ?? [];
const jobEntries = (workflow: Workflow): Array<[string, Job]> => Object.entries(workflow.jobs ?? {});
/** Index of the first step whose `run` has a line starting with `command` (followed by a space or the end). */
const stepIndex = (steps: Step[], command: string): number =>
	steps.findIndex((step) =>
		(step.run ?? '').split('\n').some((line) => line.trim() === command || line.trim().startsWith(`${command} `)),
	);
const usesAction = (step: Step, action: string): boolean => (step.uses ?? '').split('@')[0] === action;

/** Every job that runs steps sets up Node 24 with actions/setup-node before its first `npm` or `node` command. */
function node24Problems(file: string, workflow: Workflow): string[] {
	const problems: string[] = [];
	for (const [name, job] of jobEntries(workflow)) {
		const steps = stepsOf(job);
		if (steps.length === 0) continue;
		const setup = steps.findIndex((step) => usesAction(step, 'actions/setup-node'));
		if (setup < 0 || String(steps[setup].with?.['node-version']) !== '24') {
			problems.push(`${file}: job ${name} does not set up Node 24 with actions/setup-node`);
			continue;
		}
		const firstNode = steps.findIndex((step) => /^\s*(npm|node|npx) /m.test(step.run ?? ''));
		if (firstNode >= 0 && firstNode < setup) problems.push(`${file}: job ${name} runs node before setting up Node 24`);
	}
	return problems;
}

/** ci.yml: triggers, Node 24, the checks in order, the cached n8n install. */
export function ciProblems(ci: Workflow): string[] {
	const problems: string[] = [];
	const on = triggers(ci);
	if (!('pull_request' in on)) problems.push('ci.yml: does not run on pull requests');
	const push = on.push as { branches?: unknown } | null | undefined;
	if (!asList(push?.branches).includes('main')) problems.push('ci.yml: does not run on pushes to main');
	if (!('workflow_call' in on)) problems.push('ci.yml: cannot be called by publish.yml (no workflow_call trigger)');
	problems.push(...node24Problems('ci.yml', ci));

	const jobs = jobEntries(ci).filter(([, job]) => stepsOf(job).length > 0);
	if (jobs.length !== 1) {
		problems.push(`ci.yml: expected one job that runs the checks, found ${jobs.length}`);
		return problems;
	}
	const [name, job] = jobs[0];
	const steps = stepsOf(job);
	const order = ['npm ci', 'npm run lint', 'npm run build', 'npm test', 'npm pack --dry-run'];
	const indexes = order.map((command) => stepIndex(steps, command));
	order.forEach((command, i) => {
		if (indexes[i] < 0) problems.push(`ci.yml: job ${name} does not run \`${command}\``);
	});
	const found = indexes.filter((index) => index >= 0);
	if (found.some((index, i) => i > 0 && index <= found[i - 1])) {
		problems.push(`ci.yml: job ${name} does not run ${order.join(', ')} in this order`);
	}

	// The n8n install: restored and saved under a key and path naming the version read from the harness.
	const cacheSteps = steps.filter((step) => /^actions\/cache(\/restore|\/save)?$/.test((step.uses ?? '').split('@')[0]));
	const restore = cacheSteps.find((step) => !usesAction(step, 'actions/cache/save'));
	const save = cacheSteps.find((step) => usesAction(step, 'actions/cache/save') || usesAction(step, 'actions/cache'));
	if (!restore || !save) {
		problems.push('ci.yml: the n8n install is not cached with actions/cache');
		return problems;
	}
	for (const step of [restore, save]) {
		const key = String(step.with?.key ?? '');
		const path = String(step.with?.path ?? '');
		const reference = /\$\{\{\s*steps\.([\w-]+)\.outputs\.version\s*\}\}/.exec(key)?.[1];
		const source = steps.find((candidate) => candidate.id === reference);
		if (!reference || !source || !/scripts\/provision\/cli\.ts key/.test(source.run ?? '')) {
			problems.push('ci.yml: the cache key is not what scripts/provision/cli.ts key prints');
		} else if (path.replace(/\/$/, '') !== '~/.cache/n8n-nodes-business-prospect-data') {
			problems.push('ci.yml: the cache path is not the provisioning folder ~/.cache/n8n-nodes-business-prospect-data');
		}
	}
	const testIndex = stepIndex(steps, 'npm test');
	if (usesAction(save, 'actions/cache/save') && steps.indexOf(save) > testIndex) {
		problems.push('ci.yml: the n8n install is saved only after the tests, so a failing run loses it');
	}
	return [...new Set(problems)];
}

/** publish.yml: triggers, the checks first, the tag check, provenance, trusted publishing. */
export function publishProblems(publish: Workflow, text: string): string[] {
	const problems: string[] = [];
	const on = triggers(publish);
	const push = on.push as { tags?: unknown; branches?: unknown } | null | undefined;
	if (!asList(push?.tags).includes('v*.*.*')) problems.push('publish.yml: does not run on version tags v*.*.*');
	if (push?.branches !== undefined) problems.push('publish.yml: runs on branch pushes');
	if (!('workflow_dispatch' in on)) problems.push('publish.yml: cannot be started by hand (no workflow_dispatch)');
	if (['pull_request', 'pull_request_target'].some((event) => event in on)) problems.push('publish.yml: runs on pull requests');
	problems.push(...node24Problems('publish.yml', publish));

	const jobs = jobEntries(publish);
	const checks = jobs.find(([, job]) => (job.uses ?? '') === CI_WORKFLOW)?.[0];
	if (!checks) problems.push(`publish.yml: no job runs the checks of ${CI_WORKFLOW}`);
	const version = jobs.find(([, job]) => stepsOf(job).some((step) => /node scripts\/check-release\.mjs\b/.test(step.run ?? '')))?.[0];
	if (!version) problems.push('publish.yml: no job checks the tag against package.json (node scripts/check-release.mjs)');

	const publishers = jobs.filter(([, job]) => stepIndex(stepsOf(job), 'npm publish') >= 0);
	if (publishers.length !== 1) {
		problems.push(`publish.yml: expected one job that runs npm publish, found ${publishers.length}`);
		return problems;
	}
	const [name, job] = publishers[0];
	const steps = stepsOf(job);
	const needs = needsOf(job);
	if (checks && !needs.includes(checks)) problems.push(`publish.yml: job ${name} does not wait for the checks (needs: ${checks})`);
	if (version && !needs.includes(version)) problems.push(`publish.yml: job ${name} does not wait for the tag check (needs: ${version})`);

	const permissions = typeof job.permissions === 'object' ? job.permissions : {};
	if (permissions['id-token'] !== 'write') problems.push(`publish.yml: job ${name} lacks permission id-token: write`);
	const writes = Object.entries(permissions).filter(([scope, access]) => access === 'write' && scope !== 'id-token');
	if (typeof job.permissions === 'string' || writes.length > 0) problems.push(`publish.yml: job ${name} can write more than its id-token`);
	if (typeof publish.permissions !== 'object' || Object.values(publish.permissions).some((access) => access === 'write')) {
		problems.push('publish.yml: the workflow does not default to read-only permissions');
	}

	const command = steps[stepIndex(steps, 'npm publish')].run ?? '';
	if (!/(^|\s)--provenance(\s|$)/m.test(command)) problems.push('publish.yml: npm publish runs without --provenance');
	if (!/(^|\s)--access public(\s|$)/m.test(command)) problems.push('publish.yml: npm publish runs without --access public');
	// the dist-tag scripts/check-release.mjs chose (`next` for a pre-release): without it npm tags every version latest
	const publishStep = steps[stepIndex(steps, 'npm publish')];
	const tagVariable = /(?:^|\s)--tag\s+"?\$\{?(\w+)\}?"?/m.exec(command)?.[1];
	const tagValue = String((tagVariable && publishStep.env?.[tagVariable]) ?? '').replace(/\s/g, '');
	const versionOutput = version ? String((publish.jobs?.[version]?.outputs as Record<string, unknown> | undefined)?.['dist-tag'] ?? '') : '';
	if (!version || tagValue !== `\${{needs.${version}.outputs.dist-tag}}` || !/steps\.[\w-]+\.outputs\.dist-tag/.test(versionOutput)) {
		problems.push('publish.yml: npm publish does not take the dist-tag of scripts/check-release.mjs (--tag), so a pre-release would become latest');
	}
	const setup = steps.find((step) => usesAction(step, 'actions/setup-node'));
	if (String(setup?.with?.['registry-url'] ?? '').replace(/\/$/, '') !== 'https://registry.npmjs.org') {
		problems.push(`publish.yml: job ${name} does not point npm at https://registry.npmjs.org (trusted publishing needs it)`);
	}
	const build = stepIndex(steps, 'npm run build');
	if (build < 0 || build > stepIndex(steps, 'npm publish')) problems.push(`publish.yml: job ${name} does not build before publishing`);

	// No long-lived token: trusted publishing needs none, and a stored one must not be read.
	if (/NPM_TOKEN|NODE_AUTH_TOKEN|_authToken|\bsecrets\./.test(text.replace(/^\s*#.*$/gm, ''))) {
		problems.push('publish.yml: reads a stored token or secret (trusted publishing needs none)');
	}
	return problems;
}

/** CHANGELOG.md: Keep a Changelog form with Unreleased first and a dated section for `version`. */
export function changelogProblems(changelog: string, version: string, repoUrl: string): string[] {
	const problems: string[] = [];
	const headings = changelog.split('\n').filter((line) => line.startsWith('## '));
	if (headings[0]?.trim() !== '## [Unreleased]') problems.push('CHANGELOG.md: the first section is not ## [Unreleased]');
	const dated = headings.filter((line) => /^## \[[^\]]+\] - \d{4}-\d{2}-\d{2}\s*$/.test(line));
	if (!dated.some((line) => line.startsWith(`## [${version}] - `))) {
		problems.push(`CHANGELOG.md: no dated section for the package version ${version}`);
	}
	const malformed = headings.filter((line) => line.trim() !== '## [Unreleased]' && !dated.includes(line));
	if (malformed.length > 0) problems.push(`CHANGELOG.md: sections not in the form "## [x.y.z] - YYYY-MM-DD": ${malformed.join('; ')}`);
	for (const label of ['Unreleased', ...dated.map((line) => /^## \[([^\]]+)\]/.exec(line)![1])]) {
		const link = new RegExp(`^\\[${label.replace(/[.+-]/g, '\\$&')}\\]: (\\S+)$`, 'm').exec(changelog)?.[1];
		if (!link || !link.startsWith(`${repoUrl}/`)) problems.push(`CHANGELOG.md: no link for [${label}] into ${repoUrl}`);
	}
	return problems;
}

/** `https://github.com/owner/repo` from any of package.json's forms, or undefined. */
export function githubRepo(url: string | undefined): string | undefined {
	const match = /^(?:git\+)?(?:https:\/\/|git:\/\/|ssh:\/\/git@)github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?(?:[#/?].*)?$/.exec(url ?? '');
	return match ? `https://github.com/${match[1]}/${match[2]}` : undefined;
}

/** package.json: repository, homepage and bugs name one GitHub repository; engines and files kept. */
export function manifestProblems(manifest: Manifest): string[] {
	const problems: string[] = [];
	const repositoryUrl = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
	const bugsUrl = typeof manifest.bugs === 'string' ? manifest.bugs : manifest.bugs?.url;
	const repo = githubRepo(repositoryUrl);
	if (!repo || typeof manifest.repository !== 'object' || manifest.repository.type !== 'git') {
		problems.push('package.json: repository is not { type: git, url: a GitHub repository }');
	}
	if (manifest.homepage !== `${repo}#readme`) problems.push(`package.json: homepage is not ${repo}#readme`);
	if (bugsUrl !== `${repo}/issues`) problems.push(`package.json: bugs is not ${repo}/issues`);
	if (manifest.engines?.node !== `>=${OLDEST_NODE.replace(/\.0$/, '')}`) problems.push(`package.json: engines.node is not >=${OLDEST_NODE.replace(/\.0$/, '')}`);
	if (JSON.stringify(manifest.files) !== JSON.stringify(['dist'])) problems.push('package.json: files is not ["dist"]');
	return problems;
}
