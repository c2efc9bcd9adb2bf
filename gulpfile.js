// Build's asset step: copies icons (SVG/PNG) and codex files (*.node.json) next to the compiled code.
const { src, dest } = require('gulp');

function buildAssets() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}', 'icons/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:assets'] = buildAssets;
exports.default = buildAssets;
