/** How the engine and the nodes group values: fixed-size chunks, and a key for equal objects. */

export function chunk<T>(values: readonly T[], size: number | undefined): T[][] {
	if (size === undefined) return values.length ? [values.slice()] : [];
	const chunks: T[][] = [];
	for (let start = 0; start < values.length; start += size) chunks.push(values.slice(start, start + size));
	return chunks;
}

/** Canonical JSON (sorted keys) so that equal shared fields group together. */
export function stableKey(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.entries(value as Record<string, unknown>)
			.filter(([, v]) => v !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableKey(v)}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}
