import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * Fast parameter reading for nodes that read many items.
 *
 * n8n evaluates `={{ $json.email }}` through its expression engine for every item (about 0.3 ms
 * each in n8n 2.41, so six fields on 10,000 items cost 18 s of the main thread). Two cases do
 * not need the engine, and `parameterReader` skips it for them:
 *
 * - a parameter whose raw value holds no expression at all (fixed text, a fixed collection)
 *   cannot differ between items: it is read once per run, through `getNodeParameter`;
 * - a parameter whose raw value is exactly a plain reference to a field of the input item,
 *   `={{ $json.email }}`, `={{ $json["E-mail"] }}`, `={{ $json.contact.email }}` (what n8n's
 *   drag and drop produces), or one with an empty-text fallback, `={{ $json.email ?? "" }}`
 *   (the defaults: the editor previews an absent field as empty rather than as a red
 *   "[undefined]"), is read from the item's json directly, when the
 *   value found is one whose expression result is known to be the value itself: text, a finite
 *   number, true/false, null, or a missing field (undefined). n8n gives exactly these values
 *   back, with both of its engines (legacy and the isolated-vm one). Objects and lists (which
 *   n8n copies or cleans up), dates, functions, inherited properties and anything else go
 *   through `getNodeParameter` as before, item by item.
 *
 * Everything else (other expressions) goes through `getNodeParameter` as before, item by item.
 */

/**
 * `={{ $json.email ?? "" }}` and so on: the default of a parameter that reads the input item's
 * field of the same name. The fallback makes the editor preview an item without the field as
 * empty, not as a red "[undefined]"; the fast path below reads this form without the engine.
 */
export const readsOwnField = (field: string) => `={{ $json.${field} ?? "" }}`;

/** Property names n8n's expression sandbox refuses (n8n-workflow's `isSafeObjectProperty`). */
const UNSAFE_PROPERTIES = new Set([
	'__proto__',
	'prototype',
	'constructor',
	'getPrototypeOf',
	'setPrototypeOf',
	'getOwnPropertyDescriptor',
	'getOwnPropertyDescriptors',
	'defineProperty',
	'defineProperties',
	'mainModule',
	'binding',
	'_linkedBinding',
	'_load',
	'prepareStackTrace',
	'__lookupGetter__',
	'__lookupSetter__',
	'__defineGetter__',
	'__defineSetter__',
	'caller',
	'callee',
	'arguments',
	'getBuiltinModule',
	'dlopen',
	'execve',
	'loadEnvFile',
]);

/** Any word of the list anywhere in the expression: let n8n decide (and fail) as it does. */
const UNSAFE_TOKEN = new RegExp(`\\b(?:${[...UNSAFE_PROPERTIES].join('|')})\\b|\\.\\s*constructor`);

/** `={{ $json<accessors> }}` or `={{ $json<accessors> ?? "" }}`, whitespace allowed around the parts. */
const PLAIN_REFERENCE =
	/^=\{\{\s*\$json((?:\s*(?:\.\s*[A-Za-z_$][\w$]*|\[\s*(?:"[^"\\{}\n\r]*"|'[^'\\{}\n\r]*')\s*\]))+)\s*(\?\?\s*(?:""|''))?\s*\}\}$/;
const ACCESSOR = /\.\s*([A-Za-z_$][\w$]*)|\[\s*(?:"([^"\\{}\n\r]*)"|'([^'\\{}\n\r]*)')\s*\]/g;

export interface PlainReference {
	/** the field path: `={{ $json.contact["e-mail"] }}` gives `['contact', 'e-mail']` */
	path: string[];
	/** `?? ""`: a missing or null value reads as empty text */
	orEmpty: boolean;
}

/** The plain reference a raw parameter value is exactly, else undefined. */
export function plainReference(raw: unknown): PlainReference | undefined {
	if (typeof raw !== 'string') return undefined;
	const match = PLAIN_REFERENCE.exec(raw);
	if (!match || UNSAFE_TOKEN.test(raw)) return undefined;
	const path: string[] = [];
	for (const accessor of match[1].matchAll(ACCESSOR)) path.push(accessor[1] ?? accessor[2] ?? accessor[3]);
	return { path, orEmpty: match[2] !== undefined };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
	const prototype = Object.getPrototypeOf(value) as unknown;
	return prototype === Object.prototype || prototype === null;
};

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/**
 * What n8n's expression engine gives for a plain reference `path` on an item's json, as
 * `{ value }`, when that is certain; undefined when it is not (the caller asks n8n then).
 * Missing fields and fields under a null or missing parent give undefined, as in n8n. Under a
 * null or missing parent the expression fails, which n8n turns into undefined before any `??`
 * applies: `brokenPath` says so.
 */
export function resolvePlainReference(
	json: unknown,
	path: readonly string[],
): { value: unknown; brokenPath?: true } | undefined {
	let current: unknown = json;
	for (const key of path) {
		if (current === undefined || current === null) return { value: undefined, brokenPath: true };
		if (!isPlainObject(current)) return undefined;
		if (hasOwn(current, key)) current = current[key];
		else if (key in current) return undefined;
		else current = undefined;
	}
	if (current === undefined || current === null || typeof current === 'string' || typeof current === 'boolean') {
		return { value: current };
	}
	if (typeof current === 'number' && Number.isFinite(current) && !Object.is(current, -0)) return { value: current };
	return undefined;
}

/** What n8n gives for a plain reference on an item's json, when certain (see resolvePlainReference). */
export function readPlainReference(reference: PlainReference, json: unknown): { value: unknown } | undefined {
	const found = resolvePlainReference(json, reference.path);
	if (!found) return undefined;
	return { value: reference.orEmpty && !found.brokenPath ? (found.value ?? '') : found.value };
}

/** True when the raw value (or any value inside it) is an expression. */
export function holdsExpression(raw: unknown): boolean {
	if (typeof raw === 'string') return raw.startsWith('=');
	if (Array.isArray(raw)) return raw.some(holdsExpression);
	if (raw && typeof raw === 'object') return Object.values(raw as IDataObject).some(holdsExpression);
	return false;
}

type Plan =
	| { kind: 'fixed'; value?: { value: unknown } }
	| { kind: 'reference'; reference: PlainReference }
	| { kind: 'expression' };

/** Reads a node parameter for an item, as `getNodeParameter(name, itemIndex, fallback)` does. */
export type ParameterReader = (name: string, itemIndex: number, fallback?: unknown) => unknown;

/** How many reads took which path; for tests and the benchmark. */
export interface ParameterReadCounts {
	fixed: number;
	reference: number;
	engine: number;
}

/**
 * A reader for one node run (create it once in `execute`). Values it returns for fixed
 * parameters are shared between items: treat them as read-only. Parameters are told apart by
 * name: pass the same fallback for a name every time.
 */
export function parameterReader(ctx: IExecuteFunctions, counts?: ParameterReadCounts): ParameterReader {
	const plans = new Map<string, Plan>();
	const items = ctx.getInputData();
	let itemsAreInput: boolean | undefined;

	/**
	 * `$json` in n8n's expressions is the json of the node's connection input item; the fast
	 * path reads `getInputData()`. They are the same items for this package's single-input
	 * nodes: checked once per run on the first and last item, else every read goes to n8n.
	 */
	const referencesAreInput = (): boolean => {
		if (itemsAreInput !== undefined) return itemsAreInput;
		try {
			const proxyOf = (ctx as { getWorkflowDataProxy?: (itemIndex: number) => { $json?: unknown } }).getWorkflowDataProxy;
			const same = (index: number) => proxyOf?.call(ctx, index)?.$json === items[index]?.json;
			itemsAreInput = typeof proxyOf === 'function' && items.length > 0 && same(0) && same(items.length - 1);
		} catch {
			itemsAreInput = false;
		}
		return itemsAreInput;
	};

	const planOf = (name: string, fallback: unknown): Plan => {
		let plan = plans.get(name);
		if (plan) return plan;
		let raw: unknown;
		try {
			raw = ctx.getNodeParameter(name, 0, fallback, { rawExpressions: true });
		} catch {
			// e.g. a parameter that is not set and has no fallback: n8n names the problem per item
			plans.set(name, (plan = { kind: 'expression' }));
			return plan;
		}
		const reference = plainReference(raw);
		if (reference && referencesAreInput()) plan = { kind: 'reference', reference };
		else plan = holdsExpression(raw) ? { kind: 'expression' } : { kind: 'fixed' };
		plans.set(name, plan);
		return plan;
	};

	return (name, itemIndex, fallback) => {
		const plan = planOf(name, fallback);
		if (plan.kind === 'fixed') {
			if (counts) counts.fixed++;
			plan.value ??= { value: ctx.getNodeParameter(name, itemIndex, fallback) };
			return plan.value.value;
		}
		if (plan.kind === 'reference') {
			const found = readPlainReference(plan.reference, items[itemIndex]?.json);
			if (found) {
				if (counts) counts.reference++;
				return found.value;
			}
		}
		if (counts) counts.engine++;
		return ctx.getNodeParameter(name, itemIndex, fallback);
	};
}

const readers = new WeakMap<IExecuteFunctions, { read: ParameterReader; counts: ParameterReadCounts }>();

function readerOf(ctx: IExecuteFunctions) {
	let entry = readers.get(ctx);
	if (!entry) {
		const counts: ParameterReadCounts = { fixed: 0, reference: 0, engine: 0 };
		entry = { read: parameterReader(ctx, counts), counts };
		readers.set(ctx, entry);
	}
	return entry;
}

/**
 * `ctx.getNodeParameter(name, itemIndex, fallback)`, through the run's `parameterReader` (one
 * per execution context, so one per node run): same value, without the expression engine for
 * fixed values and plain `$json` references.
 */
export function readParameter(ctx: IExecuteFunctions, name: string, itemIndex: number, fallback?: unknown): unknown {
	return readerOf(ctx).read(name, itemIndex, fallback);
}

/** How the reads of `readParameter` on this context went so far (tests, benchmark). */
export function parameterReadCounts(ctx: IExecuteFunctions): ParameterReadCounts {
	return { ...readerOf(ctx).counts };
}
