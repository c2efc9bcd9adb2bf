// The build steps after tsc: icons (SVG/PNG) and codex files (*.node.json) next to the compiled code, and zod's v3 API vendored.
const { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { src, dest } = require('gulp');

function buildAssets() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}', 'icons/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

const ZOD = path.dirname(require.resolve('zod/package.json'));
const VENDORED = path.join('dist', 'vendor', 'zod');
/** A zod .cjs file as the .js it is shipped as: its relative requires name the .js files. */
const asJs = (code) => code.replace(/require\("(\.\.?\/[^"]+)\.cjs"\)/g, 'require("$1.js")');

/**
 * Ships zod's v3 API (the CommonJS files of the pinned devDependency, MIT, its licence beside them)
 * in dist/vendor/zod and points the compiled `require("zod/v3")` at it. Resolved from the package's
 * folder, `zod/v3` finds the first zod up from `~/.n8n/nodes`, before n8n's own: a zod older than
 * 3.25 that another community package put there has no `v3`, and the package failed to load.
 * The files are renamed .cjs -> .js (their requires with them), so that n8n's verification
 * scanner, which lints the tarball's .js, lints them too.
 */
function vendorZod(done) {
	const { version } = JSON.parse(readFileSync(path.join(ZOD, 'package.json'), 'utf8'));
	const files = readdirSync(path.join(ZOD, 'v3'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.cjs'));
	if (!files.includes('index.cjs')) throw new Error(`zod ${version} has no v3/index.cjs: the devDependency must be zod 3.25 or later`);
	for (const file of files) {
		const target = path.join(VENDORED, 'v3', file.replace(/\.cjs$/, '.js'));
		mkdirSync(path.dirname(target), { recursive: true });
		writeFileSync(target, asJs(readFileSync(path.join(ZOD, 'v3', file), 'utf8')));
	}
	cpSync(path.join(ZOD, 'LICENSE'), path.join(VENDORED, 'LICENSE'));
	writeFileSync(path.join(VENDORED, 'VERSION'), `zod ${version}: its v3/*.cjs as .js, unchanged but for the .cjs of their requires\n`);

	let rewritten = 0;
	for (const file of readdirSync('dist', { recursive: true, encoding: 'utf8' })) {
		if (!file.endsWith('.js')) continue;
		const target = path.join('dist', file);
		const code = readFileSync(target, 'utf8');
		const vendored = path.relative(path.dirname(target), path.join(VENDORED, 'v3', 'index.js')).split(path.sep).join('/');
		const next = code.replaceAll('require("zod/v3")', `require("${vendored.startsWith('.') ? vendored : `./${vendored}`}")`);
		if (/require\("zod[/"]/.test(next)) throw new Error(`${target} requires zod other than through "zod/v3"`);
		if (next !== code) {
			writeFileSync(target, next);
			rewritten += 1;
		}
	}
	if (rewritten === 0) throw new Error('no compiled file requires "zod/v3": nothing to vendor it for');
	done();
}

exports['build:assets'] = buildAssets;
exports['build:vendor'] = vendorZod;
exports.default = buildAssets;
