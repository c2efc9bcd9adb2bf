/**
 * The first screen holds (issue 30): every relative link and image in README.md and docs/**.md
 * points at a file of the repository, every #anchor at a heading of its target (GitHub's slugs),
 * and the README stays short enough to read.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const README_MAX_LINES = 300;

function markdownFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return markdownFiles(full);
		return entry.name.endsWith('.md') ? [full] : [];
	});
}

const FILES = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

/** The text outside fenced code blocks and inline code spans, line by line. */
function prose(text: string): string[] {
	let fenced = false;
	return text.split('\n').map((line) => {
		if (/^\s*(```|~~~)/.test(line)) {
			fenced = !fenced;
			return '';
		}
		return fenced ? '' : line.replace(/`[^`]*`/g, '');
	});
}

/** GitHub's anchor of a heading: its text, lower case, without punctuation, spaces as hyphens. */
function githubSlug(heading: string): string {
	const text = heading
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/[`*]/g, '')
		.trim()
		.toLowerCase();
	return text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
	const seen = new Map<string, number>();
	const result = new Set<string>();
	let fenced = false;
	for (const line of readFileSync(file, 'utf8').split('\n')) {
		if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
		const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!heading) continue;
		const slug = githubSlug(heading[1]);
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		result.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return result;
}

interface Link {
	file: string;
	line: number;
	target: string;
}

function relativeLinks(file: string): Link[] {
	const links: Link[] = [];
	prose(readFileSync(file, 'utf8')).forEach((text, index) => {
		const targets = [
			...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]),
			...[...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/g)].map((match) => match[1]),
			...[...text.matchAll(/<img\s[^>]*src="([^"]+)"/g)].map((match) => match[1]),
		];
		for (const target of targets) {
			if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
			links.push({ file: path.relative(ROOT, file), line: index + 1, target });
		}
	});
	return links;
}

/** Why a link does not resolve, or undefined when it does. */
function brokenReason({ file, target }: Link): string | undefined {
	const [pathPart, anchor] = target.split('#', 2);
	const resolved = pathPart === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), decodeURI(pathPart));
	if (!resolved.startsWith(ROOT + path.sep) && resolved !== ROOT) return 'points outside the repository';
	if (!existsSync(resolved)) return 'no such file';
	if (anchor === undefined) return undefined;
	if (!statSync(resolved).isFile() || !resolved.endsWith('.md')) return 'an anchor into a file that is not Markdown';
	return anchors(resolved).has(anchor) ? undefined : `no heading with the anchor #${anchor}`;
}

describe('README.md and docs/', () => {
	it('finds the Markdown files and their links', () => {
		expect(FILES.length).toBeGreaterThan(10);
		expect(FILES.flatMap(relativeLinks).length).toBeGreaterThan(50);
	});

	it('has no broken relative link or image', () => {
		const broken = FILES.flatMap(relativeLinks).flatMap((link) => {
			const reason = brokenReason(link);
			return reason ? [`${link.file}:${link.line} ${link.target}: ${reason}`] : [];
		});
		expect(broken).toEqual([]);
	});

	it(`keeps README.md at most ${README_MAX_LINES} lines`, () => {
		const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
		expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
	});
});

describe('githubSlug', () => {
	it.each([
		['Search Businesses', 'search-businesses'],
		['Large enrichments on API v2: async job vs /enrich', 'large-enrichments-on-api-v2-async-job-vs-enrich'],
		['Quickstart (this repository)', 'quickstart-this-repository'],
		['Match → Enrich', 'match--enrich'],
		['`country_name` and **Limit**', 'country_name-and-limit'],
		['[Operations](docs/operations.md) table', 'operations-table'],
	])('%s -> %s', (heading, slug) => {
		expect(githubSlug(heading)).toBe(slug);
	});
});
