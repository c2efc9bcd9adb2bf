import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { ZodIssue } from 'zod';

import { describeIssue, itemValidationError, parseJsonParameter } from '../batching/validate';
import { parseIdList } from '../idList';
import { showValue } from '../inputRules';
import { LIMITS } from '../limits';
import { FILTER_NAMES, searchBusinessesBody } from '../schemas';
import { closestFilter, filterFieldName, filtersFromFields, unknownFilters, withoutEmptyFilters } from './filterValues';

/** A short valid value of "Filters (JSON)", shown in its hint and in errors. */
export const FILTERS_JSON_EXAMPLE = '{ "country_code": { "values": ["us", "ca"] }, "company_size": { "values": ["51-200"] } }';

/** One input item's search, validated: the first page's body and how many businesses to keep. */
export interface SearchRequest {
	itemIndex: number;
	/** the body of the first request; later pages change only `page` */
	body: IDataObject & { size: number; page_size: number; page: number };
	/** businesses to output for this item */
	limit: number;
}

const PARAMETER_OF_FIELD: Record<string, string> = {
	mode: 'Mode',
	size: 'Limit',
	page_size: 'Page Size',
	page: 'Starting Page',
	exclude: 'Exclude Business IDs',
};

function filterParameter(filter: string, source: string): string {
	if (source === 'json') return 'Filters (JSON)';
	const name = filterFieldName(filter);
	return name === filter ? 'Filters' : `Filters > ${name}`;
}

/**
 * The problems of a search whose filters came from the form, in the form's words: an issue of
 * `filters.<filter>.values[i]` becomes `Regions: "california" must be ...`, with the bad values of
 * one field and rule named together; other issues keep the body field's name.
 */
function describeIssues(issues: ZodIssue[], filters: IDataObject, filterSource: string): string[] {
	if (filterSource === 'json') return [...new Set(issues.map((issue) => describeIssue(issue)))];
	const grouped = new Map<string, string[]>();
	const problems: string[] = [];
	for (const issue of issues) {
		const [root, filter, values, index] = issue.path;
		if (root === 'filters' && issue.path.length === 1 && issue.code === 'custom') {
			// the one-category rule: only a workflow saved with the earlier Category field and the new ones reaches it
			problems.push('Categories: only one Category Type can be used per search');
			continue;
		}
		if (root !== 'filters' || values !== 'values' || typeof index !== 'number') {
			problems.push(describeIssue(issue));
			continue;
		}
		const value = (filters[String(filter)] as { values: unknown[] } | undefined)?.values[index];
		const key = `${filterFieldName(String(filter))}:\u0000${issue.message}`;
		const shown = typeof value === 'string' ? showValue(value) : String(value);
		if (!grouped.has(key)) {
			grouped.set(key, []);
			problems.push(key);
		}
		if (!grouped.get(key)!.includes(shown)) grouped.get(key)!.push(shown);
	}
	return [...new Set(problems.map((problem) => {
		const shown = grouped.get(problem);
		if (!shown) return problem;
		const [field, message] = problem.split(':\u0000');
		return `${field}: ${shown.join(', ')} ${message}`;
	}))];
}

/** The parameters a user changes to fix the given body paths, for the error's description. */
function parametersToFix(paths: Array<Array<string | number>>, filterSource: string): string[] {
	const names = paths.map((path) =>
		path[0] === 'filters'
			? filterParameter(String(path[1] ?? ''), filterSource)
			: (PARAMETER_OF_FIELD[String(path[0])] ?? String(path[0])),
	);
	return [...new Set(names)];
}

/** "Check "Limit", "Page Size"." for the error's description. */
const check = (parameters: string[]) =>
	parameters.length ? `Check ${parameters.map((name) => `"${name}"`).join(', ')}.` : undefined;

function invalid(ctx: IExecuteFunctions, itemIndex: number, problems: string[], parameters: string[]) {
	return itemValidationError(ctx.getNode(), itemIndex, problems.join('; '), check(parameters));
}

/** A number typed into an expression may arrive as text ("250"). */
function asNumber(value: unknown): unknown {
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
	return value;
}

/**
 * Reads one input item's parameters into a search and validates the whole body against the
 * contract before anything is sent. Errors name the item, the body field and the rule, and say
 * which parameter to change.
 */
export function readSearchRequest(ctx: IExecuteFunctions, itemIndex: number): SearchRequest {
	const mode = ctx.getNodeParameter('mode', itemIndex) as string;
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex) as boolean;
	const limit = returnAll ? LIMITS.searchSize.max : asNumber(ctx.getNodeParameter('limit', itemIndex));
	const filterSource = ctx.getNodeParameter('filterSource', itemIndex) as string;
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const pageSize = asNumber(options.pageSize ?? 100);
	const page = asNumber(options.page ?? 1);
	const exclude = parseIdList(options.exclude ?? '', 'business');
	if ('error' in exclude) throw invalid(ctx, itemIndex, [`exclude ${exclude.error}`], ['Exclude Business IDs']);

	let filters: IDataObject;
	if (filterSource === 'json') {
		const json = parseJsonParameter(ctx.getNode(), itemIndex, ctx.getNodeParameter('filtersJson', itemIndex), {
			label: 'Filters (JSON)',
			shape: 'object',
			example: FILTERS_JSON_EXAMPLE,
			allowReservedKeys: true,
		});
		const unknown = unknownFilters(json ?? {});
		if (unknown.length > 0) {
			const suggestions = unknown
				.map((name) => [name, closestFilter(name)] as const)
				.filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
				.map(([name, closest]) => `did you mean "${closest}" for ${showValue(name)}?`);
			throw invalid(
				ctx,
				itemIndex,
				[
					`filters has unknown filter${unknown.length > 1 ? 's' : ''} ${unknown.map(showValue).join(', ')}${suggestions.length ? ` (${suggestions.join(' ')})` : ''}: the filters are ${FILTER_NAMES.join(', ')}`,
				],
				['Filters (JSON)'],
			);
		}
		filters = withoutEmptyFilters(json ?? {});
	} else {
		const built = filtersFromFields(ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject);
		if (built.problems.length) throw invalid(ctx, itemIndex, built.problems, ['Filters']);
		filters = built.filters;
	}

	const candidate: Record<string, unknown> = { mode, size: limit, page_size: pageSize, page };
	if (exclude.ids.length > 0) candidate.exclude = exclude.ids;
	if (Object.keys(filters).length > 0) candidate.filters = filters;

	const parsed = searchBusinessesBody.safeParse(candidate);
	if (!parsed.success) {
		throw invalid(
			ctx,
			itemIndex,
			describeIssues(parsed.error.issues, filters, filterSource),
			parametersToFix(
				parsed.error.issues.map((issue) => issue.path),
				filterSource,
			),
		);
	}
	const body = parsed.data as SearchRequest['body'] & { page?: number };
	const startPage = body.page ?? 1;
	const requested = body.size;

	// `size` caps the records served across all pages, counted from page 1, so a later starting
	// page counts the records before it in. The service never serves past its maximum size, and
	// rejects a page size above `size`: clamp it.
	const skipped = (startPage - 1) * body.page_size;
	if (skipped >= LIMITS.searchSize.max) {
		throw invalid(
			ctx,
			itemIndex,
			[
				`page ${startPage} starts after record ${LIMITS.searchSize.max}, the last one the service serves for a search`,
			],
			['Starting Page'],
		);
	}
	const size = Math.min(LIMITS.searchSize.max, skipped + requested);
	return {
		itemIndex,
		limit: Math.min(requested, size - skipped),
		body: { ...body, size, page_size: Math.min(body.page_size, size), page: startPage },
	};
}
