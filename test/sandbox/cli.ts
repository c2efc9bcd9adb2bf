/**
 * Runs the sandbox until interrupted: `node --import tsx test/sandbox/cli.ts --port 4010`.
 * Options: --port <n> (default 4010, 0 = any free port), --seed <n>, --latency <ms>,
 * --no-rate-limit, --rate-limit <n> (queries a minute, 200 by default), --metering <queries|requests>
 * (queries by default: a bulk call weighs its entities; requests: the older one per request),
 * --credits <n> (the API key's allocation: README.md, "Credits").
 */
import { parseArgs } from 'node:util';

import { LIMITS } from '../../nodes/shared/api';

import { startSandbox } from './index';

const { values } = parseArgs({
	options: {
		port: { type: 'string', default: '4010' },
		seed: { type: 'string' },
		latency: { type: 'string' },
		'no-rate-limit': { type: 'boolean', default: false },
		credits: { type: 'string' },
		'rate-limit': { type: 'string' },
		metering: { type: 'string', default: 'queries' },
	},
});

const integer = (name: string, text: string | undefined) => {
	if (text === undefined) return undefined;
	const value = Number(text);
	if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got "${text}"`);
	return value;
};

async function main() {
	const metering = values.metering;
	if (metering !== 'queries' && metering !== 'requests') throw new Error(`--metering must be queries or requests, got "${metering}"`);
	const perMinute = integer('rate-limit', values['rate-limit']) ?? LIMITS.rateLimit.queries;
	const sandbox = await startSandbox({
		port: integer('port', values.port),
		seed: integer('seed', values.seed),
		latencyMs: integer('latency', values.latency),
		rateLimit: values['no-rate-limit'] ? false : { queries: perMinute, windowMs: LIMITS.rateLimit.windowMs, metering },
		...(values.credits !== undefined && { credits: { allocated: integer('credits', values.credits) } }),
	});
	const { universe } = sandbox;
	console.log(`Sandbox listening on ${sandbox.url}`);
	console.log(`  API key: ${sandbox.apiKey}`);
	console.log(values['no-rate-limit'] ? '  no rate limit' : `  rate limit: ${perMinute} ${metering} a minute`);
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
