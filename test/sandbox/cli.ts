/**
 * Runs the sandbox until interrupted: `node --import tsx test/sandbox/cli.ts --port 4010`.
 * Options: --port <n> (default 4010, 0 = any free port), --seed <n>, --latency <ms>,
 * --no-rate-limit, --credits <n> (the API key's allocation: README.md, "Credits").
 */
import { parseArgs } from 'node:util';

import { startSandbox } from './index';

const { values } = parseArgs({
	options: {
		port: { type: 'string', default: '4010' },
		seed: { type: 'string' },
		latency: { type: 'string' },
		'no-rate-limit': { type: 'boolean', default: false },
		credits: { type: 'string' },
	},
});

const integer = (name: string, text: string | undefined) => {
	if (text === undefined) return undefined;
	const value = Number(text);
	if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got "${text}"`);
	return value;
};

async function main() {
	const sandbox = await startSandbox({
		port: integer('port', values.port),
		seed: integer('seed', values.seed),
		latencyMs: integer('latency', values.latency),
		...(values['no-rate-limit'] && { rateLimit: false }),
		...(values.credits !== undefined && { credits: { allocated: integer('credits', values.credits) } }),
	});
	const { universe } = sandbox;
	console.log(`Sandbox listening on ${sandbox.url}`);
	console.log(`  API key: ${sandbox.apiKey}`);
	console.log(
		`  ${universe.businesses.length} businesses, ${universe.prospects.length} prospects, ${universe.events.length} events (seed ${universe.seed})`,
	);
	console.log('Press Ctrl+C to stop.');

	const stop = (signal: string) => {
		console.log(`\n${signal}: stopping the sandbox`);
		sandbox.close().then(
			() => process.exit(0),
			(error) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.once('SIGINT', () => stop('SIGINT'));
	process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
