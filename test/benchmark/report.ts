/**
 * Turns the benchmark's results into docs/benchmarks.md (tables) and docs/benchmarks.svg (ours
 * vs per row, log scale; hand-written SVG, no dependencies).
 */
import type { ScenarioResult, SharedKeyResult } from './scenarios';

export const seconds = (ms: number) => (ms >= 100_000 ? `${(ms / 1000).toFixed(0)} s` : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 1000).toFixed(2)} s`);
const ratio = (value: number) => `${value.toFixed(2)}x`;
const count = (value: number) => value.toLocaleString('en-US');
const mb = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} MB`);

export function table(header: string[], rows: string[][]): string {
	const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
	return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export interface Comparison {
	scenario: string;
	ours: ScenarioResult;
	perRow?: ScenarioResult;
	/** a per-row time extrapolated from a smaller run (stated in the table) */
	extrapolatedFrom?: ScenarioResult;
}

/** The headline table: ours vs one row at a time, same run, same sandbox latency. */
export function headline(comparisons: Comparison[]): string {
	return table(
		['scenario', 'requests (minimum)', 'queries', 'ours, in the nodes', 'bound', 'ours / bound', 'one row at a time', 'speed-up'],
		comparisons.map(({ scenario, ours, perRow, extrapolatedFrom }) => {
			const perRowMs = perRow?.nodeMs ?? (extrapolatedFrom ? (extrapolatedFrom.nodeMs * ours.rows) / extrapolatedFrom.rows : undefined);
			const perRowText =
				perRowMs === undefined
					? 'not run'
					: extrapolatedFrom
						? `~${seconds(perRowMs)} (extrapolated from ${count(extrapolatedFrom.rows)})`
						: `${seconds(perRowMs)} (${count(perRow!.requests)} requests)`;
			return [
				scenario,
				`${count(ours.requests)} (${count(ours.minimum)})`,
				count(ours.queries),
				seconds(ours.nodeMs),
				seconds(ours.boundMs),
				ratio(ours.nodeMs / ours.boundMs),
				perRowText,
				perRowMs === undefined ? '' : `${(perRowMs / ours.nodeMs).toFixed(0)}x`,
			];
		}),
	);
}

export function detailTable(results: ScenarioResult[]): string {
	return table(
		['scenario', 'approach', 'latency', 'concurrency', 'requests', 'minimum', 'queries', 'in the nodes', 'execution', 'bound', 'vs bound', '429s', 'peak RSS'],
		results.map((r) => [
			r.scenario,
			r.approach,
			`${r.latencyMs} ms`,
			r.approach === 'per row, all at once' ? 'all' : String(r.concurrency),
			count(r.requests),
			count(r.minimum),
			count(r.queries),
			seconds(r.nodeMs),
			seconds(r.executionMs),
			seconds(r.boundMs),
			r.boundMs > 0 ? ratio(r.nodeMs / r.boundMs) : '',
			String(r.refused),
			mb(r.peakRssMb),
		]),
	);
}

/** One row per run of `--shared-key`, in the order run; `round` numbers the passes over 1, 2 and 4 workflows. */
export function sharedKeyTable(runs: Array<{ round: number; result: SharedKeyResult }>): string {
	return table(
		['round', 'workflows on the key', 'contacts each', 'requests (minimum)', 'queries', 'answered 429', 'in the nodes', 'each workflow', 'floor', 'vs floor', 'load (1 min) at start, end'],
		runs.map(({ round, result: r }) => [
			String(round),
			String(r.workflows),
			count(r.rowsEach),
			`${count(r.requests)} (${count(r.minimum)})`,
			count(r.queries),
			String(r.refused),
			seconds(r.spanMs),
			r.eachMs.map((ms) => seconds(ms)).join(', '),
			seconds(r.floorMs),
			r.floorMs > 0 ? ratio(r.spanMs / r.floorMs) : '',
			`${r.load.start.toFixed(1)}, ${r.load.end.toFixed(1)}`,
		]),
	);
}

/**
 * The part of docs/benchmarks.md that `--shared-key` writes, between these marks: the
 * latency-bound run rewrites the rest of the file and keeps this part as it is.
 */
const SHARED_KEY_MARKS = ['<!-- shared-key: written by npm run benchmark -- --shared-key -->', '<!-- /shared-key -->'] as const;

/** The shared-key part of a benchmarks.md, marks included, or '' when it has none. */
export function sharedKeySection(document: string): string {
	const start = document.indexOf(SHARED_KEY_MARKS[0]);
	const end = document.indexOf(SHARED_KEY_MARKS[1]);
	return start === -1 || end < start ? '' : document.slice(start, end + SHARED_KEY_MARKS[1].length);
}

/** The document with its shared-key part replaced by `markdown` (appended when it has none). */
export function withSharedKeySection(document: string, markdown: string): string {
	const section = `${SHARED_KEY_MARKS[0]}\n${markdown.trim()}\n${SHARED_KEY_MARKS[1]}`;
	const old = sharedKeySection(document);
	return old ? document.replace(old, () => section) : `${document.trimEnd()}\n\n${section}\n`;
}

export interface CpuMeasurement {
	result: ScenarioResult;
	/** main-thread CPU of the same rows through the control workflow (webhook and Split Out only) */
	controlCpuMs: number | undefined;
}

/** Linux counts CPU time in clock ticks of 10 ms: a difference within two ticks is noise, not a figure. */
const CPU_TICK_MS = 10;

function cpuPerItem(deltaMs: number, rows: number): string {
	if (Math.abs(deltaMs) <= 2 * CPU_TICK_MS) return `below resolution (${CPU_TICK_MS} ms ticks)`;
	return `${((deltaMs * 1000) / rows).toFixed(1)} µs`;
}

/** Per node: executionTime per item; per scenario: main-thread CPU per item beyond the control. */
export function cpuTable(measurements: CpuMeasurement[]): string {
	const rows: string[][] = [];
	for (const { result: r, controlCpuMs } of measurements) {
		const cpu =
			r.mainThreadCpuMs === undefined || controlCpuMs === undefined
				? 'n/a'
				: cpuPerItem(r.mainThreadCpuMs - controlCpuMs, r.rows);
		const nodes = Object.entries(r.perItemUs);
		nodes.forEach(([node, us], index) =>
			rows.push([r.scenario, node, count(r.rows), `${us.toFixed(1)} µs`, index === 0 ? cpu : '', index === 0 ? mb(r.peakRssMb) : '']),
		);
	}
	return table(['scenario', 'node', 'items', 'executionTime per item', 'n8n main-thread CPU per item, all nodes measured', 'peak RSS'], rows);
}

/** Ours vs per row, one bar pair per scenario, seconds on a log scale. */
export function chart(comparisons: Comparison[]): string {
	const bars = comparisons.flatMap(({ scenario, ours, perRow, extrapolatedFrom }) => {
		const perRowMs = perRow?.nodeMs ?? (extrapolatedFrom ? (extrapolatedFrom.nodeMs * ours.rows) / extrapolatedFrom.rows : undefined);
		return [{ scenario, ours: ours.nodeMs, perRow: perRowMs, extrapolated: !perRow && perRowMs !== undefined }];
	});
	const width = 760;
	const rowHeight = 54;
	const left = 230;
	const right = 40;
	const top = 46;
	const height = top + bars.length * rowHeight + 46;
	const values = bars.flatMap((bar) => [bar.ours, bar.perRow ?? bar.ours]).filter((v) => v > 0);
	const minExp = Math.floor(Math.log10(Math.min(...values) / 1000));
	const maxExp = Math.ceil(Math.log10(Math.max(...values) / 1000));
	const x = (ms: number) => left + ((Math.log10(ms / 1000) - minExp) / (maxExp - minExp)) * (width - left - right);
	const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
	const parts: string[] = [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
		`<rect width="${width}" height="${height}" fill="#ffffff"/>`,
		`<text x="${left}" y="20" font-size="14" font-weight="bold">Time in the nodes, seconds (log scale): ours vs one row at a time</text>`,
		`<rect x="${left}" y="28" width="12" height="10" fill="#2f6fde"/><text x="${left + 16}" y="37">ours</text>`,
		`<rect x="${left + 70}" y="28" width="12" height="10" fill="#e0803a"/><text x="${left + 86}" y="37">HTTP Request, one row (page) at a time</text>`,
	];
	for (let exp = minExp; exp <= maxExp; exp++) {
		const gx = x(10 ** exp * 1000);
		parts.push(`<line x1="${gx}" y1="${top}" x2="${gx}" y2="${height - 36}" stroke="#dddddd"/>`);
		parts.push(`<text x="${gx}" y="${height - 20}" text-anchor="middle">${10 ** exp >= 1 ? 10 ** exp : (10 ** exp).toFixed(-exp)} s</text>`);
	}
	bars.forEach((bar, index) => {
		const y = top + index * rowHeight + 6;
		parts.push(`<text x="${left - 8}" y="${y + 20}" text-anchor="end">${escape(bar.scenario)}</text>`);
		const drawn = (ms: number, dy: number, color: string, label: string, dashed = false) => {
			const w = Math.max(2, x(ms) - left);
			parts.push(`<rect x="${left}" y="${y + dy}" width="${w.toFixed(1)}" height="18" fill="${color}"${dashed ? ' fill-opacity="0.55"' : ''}/>`);
			parts.push(`<text x="${(left + w + 4).toFixed(1)}" y="${y + dy + 13}">${escape(label)}</text>`);
		};
		drawn(bar.ours, 0, '#2f6fde', seconds(bar.ours));
		if (bar.perRow !== undefined) {
			drawn(bar.perRow, 20, '#e0803a', `${bar.extrapolated ? '~' : ''}${seconds(bar.perRow)}${bar.extrapolated ? ' (extrapolated)' : ''}`, bar.extrapolated);
		}
	});
	parts.push('</svg>');
	return `${parts.join('\n')}\n`;
}
