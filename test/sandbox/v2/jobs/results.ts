/**
 * A job's result file, from the same data as the sync `/enrich`: the enrichment's v2 handler
 * runs over the dataset's ids, 50 at a time, and each record becomes one CSV row. [I] The layout
 * (the research gives only "format: csv"): the first column holds the id the row belongs to,
 * named after the id field; the other columns are the records' fields, in the order first seen,
 * each cell in the encoding the job settings chose at submission (cellEncodings.ts). An id with several records (posts,
 * lookalikes) has one row per record; an id without data has none. A record may have a field
 * named like the id field (a lookalike's business_id): the first column is the id all the same.
 */
import { type EndpointName, ENDPOINTS } from '../../../../nodes/shared/api';
import { formatCsv } from '../../../../nodes/shared/jobs/csv';
import type { Handler, HandlerContext } from '../../handlers/context';
import { CELL_WRITERS } from './cellEncodings';
import type { JobResult } from './store';

type Row = Record<string, unknown>;

export function jobResult(
	enrichment: EndpointName,
	sync: Handler,
	ids: readonly string[],
	parameters: unknown,
	ctx: HandlerContext,
): JobResult {
	const definition = ENDPOINTS[enrichment];
	const key = definition.batch!.key;
	const limit = definition.batch!.limit ?? ids.length;
	const idField = key === 'business_ids' ? 'business_id' : 'prospect_id';
	const unique = [...new Set(ids)];
	const rows: Array<{ id: string; record: Row }> = [];
	const withData = new Set<string>();
	for (let start = 0; start < unique.length; start += limit) {
		// the sync body as the router would have validated it (the job body checked the parameters already)
		const body = definition.body.parse({ [key]: unique.slice(start, start + limit), ...(parameters !== undefined && { parameters }) });
		const answer = sync(body as never, ctx).body as { data: Row[] };
		for (const row of answer.data) {
			const id = String(row[idField]);
			for (const record of Array.isArray(row.data) ? row.data : [row.data]) {
				if (record === null || typeof record !== 'object') continue;
				rows.push({ id, record: record as Row });
				withData.add(id);
			}
		}
	}
	const columns: string[] = [];
	const seen = new Set<string>();
	for (const { record } of rows) {
		for (const field of Object.keys(record)) {
			if (!seen.has(field)) {
				seen.add(field);
				columns.push(field);
			}
		}
	}
	const cell = CELL_WRITERS[ctx.jobs.settings.cellEncoding];
	const csv = formatCsv([[idField, ...columns], ...rows.map(({ id, record }) => [id, ...columns.map((field) => cell(record[field]))])]);
	return { csv, records: rows.length, idsWithData: withData.size };
}
