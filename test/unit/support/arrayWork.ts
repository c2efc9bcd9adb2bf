/**
 * Counts the work array methods do while `run` runs: every call of a listed Array.prototype
 * method (and every spread or for...of of an array) adds the length of its array (a slice: of
 * the part it copies). A loop that
 * calls `indexOf`, `filter` or a spread on a list that grows with the run shows up as work
 * that grows faster than the number of items: a quadratic step.
 */
const METHODS = [
	'indexOf',
	'lastIndexOf',
	'includes',
	'find',
	'findIndex',
	'filter',
	'some',
	'every',
	'map',
	'forEach',
	'reduce',
	'flatMap',
	'flat',
	'slice',
	'splice',
	'concat',
	'join',
	'sort',
] as const;

type AnyFunction = (this: unknown[], ...args: unknown[]) => unknown;

export async function countArrayWork<T>(run: () => Promise<T>): Promise<{ result: T; work: number }> {
	const prototype = Array.prototype as unknown as Record<string | symbol, AnyFunction>;
	const originals = new Map<string | symbol, AnyFunction>();
	let work = 0;
	const debug = new Map<string, number>();
	for (const name of [...METHODS, Symbol.iterator]) {
		const original = prototype[name];
		originals.set(name, original);
		prototype[name] = function (this: unknown[], ...args: unknown[]) {
			// a slice copies only its part
			const cost = name === 'slice' ? (original.apply(this, args) as unknown[]).length : this.length;
			work += cost;
			if (process.env.ARRAY_WORK_DEBUG && cost > 1000) {
				const key = `${String(name)} ${new Error().stack?.split('\n')[2]?.trim()}`;
				debug.set(key, (debug.get(key) ?? 0) + cost);
			}
			return original.apply(this, args);
		};
	}
	try {
		const result = await run();
		return { result, work };
	} finally {
		for (const [name, original] of originals) prototype[name] = original;
		if (debug.size) process.stderr.write(`${[...debug].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${v} ${k}`).join('\n')}\n`);
	}
}
