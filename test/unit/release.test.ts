/**
 * The release pipeline: both GitHub workflows parse and do what docs/releasing.md
 * says, the release gate script rejects a wrong tag, the changelog has the current version, and
 * package.json names one repository. Each rule is also run on a broken copy, to show it fails.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

import { N8N_LINES, OLDEST_NODE, provisioningKey } from '../../scripts/provision/n8nLines';
import {
	changelogProblems,
	ciProblems,
	githubRepo,
	manifestProblems,
	publishProblems,
	type Job,
	type Manifest,
	type Workflow,
} from './support/releaseChecks';

const root = join(__dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const ciText = read('.github/workflows/ci.yml');
const publishText = read('.github/workflows/publish.yml');
const ci = parse(ciText) as Workflow;
const publish = parse(publishText) as Workflow;
const manifest = JSON.parse(read('package.json')) as Manifest;
const changelog = read('CHANGELOG.md');
const readme = read('README.md');
const releasing = read('docs/releasing.md');
const repoUrl = githubRepo(typeof manifest.repository === 'object' ? manifest.repository.url : manifest.repository)!;

const copy = <T>(value: T): T => structuredClone(value);
const job = (workflow: Workflow, name: string): Job => workflow.jobs![name];
const stepRunning = (target: Job, command: string) => target.steps!.find((step) => (step.run ?? '').includes(command))!;

describe('ci.yml', () => {
	it('parses and runs on pull requests and pushes to main, on Node 24: npm ci, lint, build, npm test, npm pack --dry-run', () => {
		expect(ciProblems(ci)).toEqual([]);
	});

	it('keys the cache of the installs on what they are (the key step, run for real, prints every n8n and Node version)', () => {
		const restore = job(ci, 'checks').steps!.find((step) => step.id === 'n8n-cache')!;
		const reference = /steps\.([\w-]+)\.outputs\.version/.exec(String(restore.with!.key))![1];
		const source = job(ci, 'checks').steps!.find((step) => step.id === reference)!;
		const dir = mkdtempSync(join(tmpdir(), 'bpd-release-'));
		try {
			const output = join(dir, 'output');
			writeFileSync(output, '');
			execFileSync('bash', ['-e', '-c', source.run!], { cwd: root, env: { ...process.env, GITHUB_OUTPUT: output } });
			expect(readFileSync(output, 'utf8')).toBe(`version=${provisioningKey()}\n`);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
		for (const line of N8N_LINES) expect(provisioningKey()).toContain(`n8n${line.version}-node${line.node}`);
		expect(provisioningKey()).toContain(`node${OLDEST_NODE}`);
	});

	it.each<[string, (workflow: Workflow) => void, string]>([
		['no pull_request trigger', (w) => delete (w.on as Record<string, unknown>).pull_request, 'ci.yml: does not run on pull requests'],
		['push to another branch', (w) => ((w.on as Record<string, unknown>).push = { branches: ['develop'] }), 'ci.yml: does not run on pushes to main'],
		['no workflow_call', (w) => delete (w.on as Record<string, unknown>).workflow_call, 'ci.yml: cannot be called by publish.yml (no workflow_call trigger)'],
		['Node 22', (w) => (job(w, 'checks').steps!.find((s) => s.uses?.startsWith('actions/setup-node'))!.with!['node-version'] = 22), 'ci.yml: job checks does not set up Node 24 with actions/setup-node'],
		['no npm test', (w) => (stepRunning(job(w, 'checks'), 'npm test').run = 'npm run test:unit'), 'ci.yml: job checks does not run `npm test`'],
		['no lint', (w) => (stepRunning(job(w, 'checks'), 'npm run lint').run = 'true'), 'ci.yml: job checks does not run `npm run lint`'],
		['no pack', (w) => (stepRunning(job(w, 'checks'), 'npm pack').run = 'npm pack'), 'ci.yml: job checks does not run `npm pack --dry-run`'],
		['pack before test', (w) => job(w, 'checks').steps!.push(job(w, 'checks').steps!.splice(job(w, 'checks').steps!.indexOf(stepRunning(job(w, 'checks'), 'npm test')), 1)[0]), 'ci.yml: job checks does not run npm ci, npm run lint, npm run build, npm test, npm pack --dry-run in this order'],
		['no cache', (w) => (job(w, 'checks').steps = job(w, 'checks').steps!.filter((s) => !s.uses?.startsWith('actions/cache'))), 'ci.yml: the n8n install is not cached with actions/cache'],
		['cache keyed on something else', (w) => job(w, 'checks').steps!.filter((s) => s.uses?.startsWith('actions/cache')).forEach((s) => (s.with!.key = 'n8n-${{ hashFiles(\'package-lock.json\') }}')), 'ci.yml: the cache key is not what scripts/provision/cli.ts key prints'],
		['cache of another path', (w) => job(w, 'checks').steps!.filter((s) => s.uses?.startsWith('actions/cache')).forEach((s) => (s.with!.path = 'node_modules')), 'ci.yml: the cache path is not the provisioning folder ~/.cache/n8n-nodes-business-prospect-data'],
		['install saved after the tests', (w) => { const steps = job(w, 'checks').steps!; steps.push(steps.splice(steps.findIndex((s) => s.uses?.startsWith('actions/cache/save')), 1)[0]); }, 'ci.yml: the n8n install is saved only after the tests, so a failing run loses it'],
	])('catches a ci.yml with %s', (_, breakIt, problem) => {
		const broken = copy(ci);
		breakIt(broken);
		expect(ciProblems(broken)).toContain(problem);
	});
});

describe('publish.yml', () => {
	it('parses, runs on v*.*.* tags and by hand, checks the tag and runs the CI before publishing with provenance and no stored token', () => {
		expect(publishProblems(publish, publishText)).toEqual([]);
		expect(job(publish, 'publish').permissions).toEqual({ 'id-token': 'write', contents: 'read' });
		expect(job(publish, 'publish').needs).toEqual(['version', 'checks']);
		expect(job(publish, 'checks').uses).toBe('./.github/workflows/ci.yml');
	});

	const publishStep = (w: Workflow) => stepRunning(job(w, 'publish'), 'npm publish');
	it.each<[string, (workflow: Workflow) => void, string]>([
		['tags without the v', (w) => ((w.on as Record<string, { tags: string[] }>).push.tags = ['*.*.*']), 'publish.yml: does not run on version tags v*.*.*'],
		['branch pushes', (w) => ((w.on as Record<string, { branches?: string[] }>).push.branches = ['main']), 'publish.yml: runs on branch pushes'],
		['no workflow_dispatch', (w) => delete (w.on as Record<string, unknown>).workflow_dispatch, 'publish.yml: cannot be started by hand (no workflow_dispatch)'],
		['a pull_request trigger', (w) => ((w.on as Record<string, unknown>).pull_request = null), 'publish.yml: runs on pull requests'],
		['no id-token permission', (w) => (job(w, 'publish').permissions = { contents: 'read' }), 'publish.yml: job publish lacks permission id-token: write'],
		['write access to the repository', (w) => (job(w, 'publish').permissions = { 'id-token': 'write', contents: 'write' }), 'publish.yml: job publish can write more than its id-token'],
		['write-all permissions', (w) => (job(w, 'publish').permissions = 'write-all'), 'publish.yml: job publish lacks permission id-token: write'],
		['workflow permissions left at the default', (w) => delete w.permissions, 'publish.yml: the workflow does not default to read-only permissions'],
		['publish not waiting for the checks', (w) => (job(w, 'publish').needs = ['version']), 'publish.yml: job publish does not wait for the checks (needs: checks)'],
		['publish not waiting for the tag check', (w) => (job(w, 'publish').needs = 'checks'), 'publish.yml: job publish does not wait for the tag check (needs: version)'],
		['checks that are not ci.yml', (w) => (job(w, 'checks').uses = './.github/workflows/lint.yml'), 'publish.yml: no job runs the checks of ./.github/workflows/ci.yml'],
		['no tag check', (w) => (stepRunning(job(w, 'version'), 'check-release').run = 'echo ok'), 'publish.yml: no job checks the tag against package.json (node scripts/check-release.mjs)'],
		['no --provenance', (w) => (publishStep(w).run = 'npm publish --access public'), 'publish.yml: npm publish runs without --provenance'],
		['no --access public', (w) => (publishStep(w).run = 'npm publish --provenance'), 'publish.yml: npm publish runs without --access public'],
		['Node 20 in the publish job', (w) => (job(w, 'publish').steps!.find((s) => s.uses?.startsWith('actions/setup-node'))!.with!['node-version'] = 20), 'publish.yml: job publish does not set up Node 24 with actions/setup-node'],
		['no registry-url', (w) => delete job(w, 'publish').steps!.find((s) => s.uses?.startsWith('actions/setup-node'))!.with!['registry-url'], 'publish.yml: job publish does not point npm at https://registry.npmjs.org (trusted publishing needs it)'],
		['no build', (w) => (stepRunning(job(w, 'publish'), 'npm run build').run = 'true'), 'publish.yml: job publish does not build before publishing'],
		['no --tag', (w) => (publishStep(w).run = 'npm publish --provenance --access public'), 'publish.yml: npm publish does not take the dist-tag of scripts/check-release.mjs (--tag), so a pre-release would become latest'],
		['a fixed dist-tag', (w) => (publishStep(w).env = { DIST_TAG: 'latest' }), 'publish.yml: npm publish does not take the dist-tag of scripts/check-release.mjs (--tag), so a pre-release would become latest'],
		['no dist-tag output of the tag check', (w) => delete (job(w, 'version').outputs as Record<string, unknown>)['dist-tag'], 'publish.yml: npm publish does not take the dist-tag of scripts/check-release.mjs (--tag), so a pre-release would become latest'],
		['two publishing jobs', (w) => (w.jobs!.again = copy(job(w, 'publish'))), 'publish.yml: expected one job that runs npm publish, found 2'],
	])('catches a publish.yml with %s', (_, breakIt, problem) => {
		const broken = copy(publish);
		breakIt(broken);
		expect(publishProblems(broken, publishText)).toContain(problem);
	});

	it.each([
		['NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}'],
		['NPM_TOKEN: ${{ secrets.NPM_TOKEN }}'],
		['TOKEN: ${{ secrets.PUBLISH }}'],
	])('catches a publish.yml that reads a stored token (%s)', (line) => {
		const text = publishText.replace(/^(\s+)DIST_TAG: (.*)$/m, (_, indent: string, value: string) => `${indent}DIST_TAG: ${value}\n${indent}${line}`);
		expect(text).not.toBe(publishText);
		expect(publishProblems(parse(text) as Workflow, text)).toEqual(['publish.yml: reads a stored token or secret (trusted publishing needs none)']);
	});
});

describe('scripts/check-release.mjs, the tag check publish.yml runs first', () => {
	const script = join(root, 'scripts/check-release.mjs');
	const run = (args: string[], env: Record<string, string> = {}) => {
		const dir = mkdtempSync(join(tmpdir(), 'bpd-release-'));
		const output = join(dir, 'output');
		writeFileSync(output, '');
		try {
			const result = spawnSync('node', [script, ...args], {
				encoding: 'utf8',
				env: { PATH: process.env.PATH, GITHUB_OUTPUT: output, ...env },
			});
			return { status: result.status, stdout: result.stdout, stderr: result.stderr, output: readFileSync(output, 'utf8') };
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	};
	const inActions = (type: string, name: string) => ({ GITHUB_ACTIONS: 'true', GITHUB_REF_TYPE: type, GITHUB_REF_NAME: name });

	it('accepts the tag v + package.json version and outputs the version and its dist-tag (next for a pre-release such as a release candidate)', () => {
		const result = run([], inActions('tag', `v${manifest.version}`));
		expect(result.stderr).toBe('');
		expect(result.status).toBe(0);
		expect(result.output).toBe(`version=${manifest.version}\ndist-tag=${manifest.version.includes('-') ? 'next' : 'latest'}\n`);
	});

	it('rejects a tag that differs from package.json and outputs nothing', () => {
		const result = run([], inActions('tag', 'v9.9.9'));
		expect(result.status).toBe(1);
		expect(result.stderr).toBe(
			`::error::the tag v9.9.9 does not match package.json's version ${manifest.version}: tag v${manifest.version}, or bump the version first.\n`,
		);
		expect(result.output).toBe('');
	});

	it('rejects a manual run on a branch', () => {
		const result = run([], inActions('branch', 'main'));
		expect(result.status).toBe(1);
		expect(result.stderr).toMatch(/^::error::publishing runs from a version tag, not from the branch "main"\./);
		expect(result.output).toBe('');
	});

	it.each(['0.1.0', 'v0.1', 'v0.1.0+build.1', 'release-0.1.0'])('rejects %s, which is not a version tag', (tag) => {
		const result = run([tag]);
		expect(result.status).toBe(1);
		expect(result.stderr).toBe(`Release check failed: the tag "${tag}" is not a version tag like v1.2.3.\n`);
	});

	describe('with another package.json and changelog', () => {
		let dir: string;
		beforeEach(() => {
			dir = mkdtempSync(join(tmpdir(), 'bpd-release-root-'));
		});
		afterEach(() => rmSync(dir, { recursive: true, force: true }));
		const project = (version: string, changelogText: string) => {
			writeFileSync(join(dir, 'package.json'), JSON.stringify({ version }));
			writeFileSync(join(dir, 'CHANGELOG.md'), changelogText);
		};

		it('rejects a version the changelog has no dated section for', () => {
			project('1.2.0', '# Changelog\n\n## [Unreleased]\n\n- Something.\n\n## [1.1.0] - 2026-01-02\n');
			const result = run(['--root', dir, 'v1.2.0']);
			expect(result.status).toBe(1);
			expect(result.stderr).toBe(
				'Release check failed: CHANGELOG.md has no section for 1.2.0: move the Unreleased entries under "## [1.2.0] - YYYY-MM-DD" (the release date) before tagging.\n',
			);
		});

		it('rejects an undated section', () => {
			project('1.2.0', '## [Unreleased]\n\n## [1.2.0]\n');
			expect(run(['--root', dir, 'v1.2.0']).status).toBe(1);
		});

		it('publishes a release under the latest dist-tag', () => {
			project('1.0.0', '## [Unreleased]\n\n## [1.0.0] - 2026-12-20\n\n## [1.0.0-rc.1] - 2026-12-06\n');
			const result = run(['--root', dir], inActions('tag', 'v1.0.0'));
			expect(result.status).toBe(0);
			expect(result.output).toBe('version=1.0.0\ndist-tag=latest\n');
		});

		it('publishes a pre-release under the next dist-tag', () => {
			project('1.3.0-rc.1', '## [Unreleased]\n\n## [1.3.0-rc.1] - 2026-02-03\n');
			const result = run(['--root', dir], inActions('tag', 'v1.3.0-rc.1'));
			expect(result.status).toBe(0);
			expect(result.output).toBe('version=1.3.0-rc.1\ndist-tag=next\n');
		});
	});
});

describe('CHANGELOG.md', () => {
	it('has an Unreleased section first and a dated entry for the package.json version, with links', () => {
		expect(changelogProblems(changelog, manifest.version, repoUrl)).toEqual([]);
	});

	it.each<[string, (text: string) => string, string]>([
		['no Unreleased section', (text) => text.replace('## [Unreleased]', '## Unreleased'), 'CHANGELOG.md: the first section is not ## [Unreleased]'],
		['no entry for the version', (text) => text.replace(`## [${manifest.version}] - `, '## [0.0.9] - '), `CHANGELOG.md: no dated section for the package version ${manifest.version}`],
		['an undated entry', (text) => text.replace(/^## \[(\d[^\]]*)\] - \S+$/m, '## [$1]'), `CHANGELOG.md: no dated section for the package version ${manifest.version}`],
		['no link for the version', (text) => text.replace(new RegExp(`^\\[${manifest.version.replace(/\./g, '\\.')}\\]: .*$`, 'm'), ''), `CHANGELOG.md: no link for [${manifest.version}] into ${repoUrl}`],
	])('catches a changelog with %s', (_, breakIt, problem) => {
		const broken = breakIt(changelog);
		expect(broken).not.toBe(changelog);
		expect(changelogProblems(broken, manifest.version, repoUrl)).toContain(problem);
	});
});

describe('package.json', () => {
	it('names one GitHub repository in repository, homepage and bugs, and keeps engines and files', () => {
		expect(repoUrl).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
		expect(manifestProblems(manifest)).toEqual([]);
	});

	it.each<[string, (m: Manifest) => void, string]>([
		['a homepage of another repository', (m) => (m.homepage = 'https://github.com/someone/else#readme'), `package.json: homepage is not ${repoUrl}#readme`],
		['no bugs', (m) => delete m.bugs, `package.json: bugs is not ${repoUrl}/issues`],
		['bugs of another repository', (m) => (m.bugs = { url: 'https://github.com/someone/else/issues' }), `package.json: bugs is not ${repoUrl}/issues`],
		['a repository that is not on GitHub', (m) => (m.repository = { type: 'git', url: 'https://example.com/x.git' }), 'package.json: repository is not { type: git, url: a GitHub repository }'],
		['engines dropped', (m) => delete m.engines, `package.json: engines.node is not >=${OLDEST_NODE.replace(/\.0$/, '')}`],
		['engines of n8n 2.x only', (m) => (m.engines = { node: '>=24' }), `package.json: engines.node is not >=${OLDEST_NODE.replace(/\.0$/, '')}`],
		['more files shipped', (m) => (m.files = ['dist', 'CHANGELOG.md']), 'package.json: files is not ["dist"]'],
	])('catches a package.json with %s', (_, breakIt, problem) => {
		const broken = copy(manifest);
		breakIt(broken);
		expect(manifestProblems(broken)).toContain(problem);
	});
});

describe('README', () => {
	const section = (title: string) => {
		const start = readme.indexOf(`\n## ${title}\n`);
		if (start < 0) return '';
		const end = readme.indexOf('\n## ', start + 1);
		return readme.slice(start, end < 0 ? undefined : end);
	};

	it('states under Compatibility every n8n line the end-to-end suite runs, on its Node, and the engines', () => {
		for (const line of N8N_LINES) {
			expect(section('Compatibility')).toContain(`n8n ${line.version}`);
			expect(section('Compatibility')).toContain(`Node.js ${line.node}`);
		}
		expect(section('Compatibility')).toContain(`"node": "${(manifest.engines ?? {}).node}"`);
	});

	it('has a version policy, and links the release guide for maintainers (docs/releasing.md)', () => {
		expect(section('Version policy')).toMatch(/defaultVersion/);
		expect(readme).toContain('(docs/releasing.md)');
		expect(releasing).toMatch(/^# Releasing\n/);
		expect(releasing).toContain('publish.yml');
		expect(releasing).toContain('Trusted Publisher');
	});
});
