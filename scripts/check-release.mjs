#!/usr/bin/env node
// Release gate, run by .github/workflows/publish.yml before anything is built or published, and
// by a maintainer before pushing a tag (`node scripts/check-release.mjs v1.2.3`). It checks that:
//   - the workflow runs on a tag, not a branch (a manual run must pick the tag under "Use workflow from"),
//   - the tag is `v` + the version in package.json,
//   - CHANGELOG.md has a dated section for that version (`## [1.2.3] - 2026-01-31`).
// On success it prints the version and the npm dist-tag to publish under (`next` for a
// pre-release such as 1.3.0-rc.1, otherwise `latest`) and, in GitHub Actions, writes both to
// $GITHUB_OUTPUT. On failure it names what is wrong and exits with 1.
//
// Options (for tests): --root <dir> reads package.json and CHANGELOG.md from <dir>.
import { appendFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const rootIndex = args.indexOf('--root');
const root = rootIndex >= 0 ? args.splice(rootIndex, 2)[1] : join(dirname(fileURLToPath(import.meta.url)), '..');

const fail = (message) => {
	console.error(process.env.GITHUB_ACTIONS === 'true' ? `::error::${message}` : `Release check failed: ${message}`);
	process.exit(1);
};

// The tag: from the command line, or from the ref GitHub Actions runs on.
let tag = args[0];
if (!tag) {
	if (process.env.GITHUB_REF_TYPE !== 'tag') {
		fail(
			`publishing runs from a version tag, not from the ${process.env.GITHUB_REF_TYPE || 'unknown'} ` +
				`"${process.env.GITHUB_REF_NAME ?? ''}". Push a tag such as v1.2.3, or start the workflow by hand with the tag ` +
				'selected under "Use workflow from".',
		);
	}
	tag = process.env.GITHUB_REF_NAME ?? '';
}

// Semantic version: major.minor.patch with an optional pre-release part (no build metadata on npm).
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;
if (!tag.startsWith('v') || !SEMVER.test(tag.slice(1))) {
	fail(`the tag "${tag}" is not a version tag like v1.2.3.`);
}

const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (tag !== `v${version}`) {
	fail(`the tag ${tag} does not match package.json's version ${version}: tag v${version}, or bump the version first.`);
}

let changelog = '';
try {
	changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
} catch {
	fail('CHANGELOG.md is missing.');
}
const escaped = version.replace(/[.+-]/g, '\\$&');
if (!new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}\\s*$`, 'm').test(changelog)) {
	fail(
		`CHANGELOG.md has no section for ${version}: move the Unreleased entries under "## [${version}] - YYYY-MM-DD" ` +
			'(the release date) before tagging.',
	);
}

const distTag = version.includes('-') ? 'next' : 'latest';
console.log(`Release ${version}: tag ${tag} matches package.json, CHANGELOG.md has its section; npm dist-tag ${distTag}.`);
if (process.env.GITHUB_OUTPUT) {
	appendFileSync(process.env.GITHUB_OUTPUT, `version=${version}\ndist-tag=${distTag}\n`);
}
