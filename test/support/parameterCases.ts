/**
 * Expressions and items on which the fast parameter path (nodes/shared/parameters.ts) must give
 * exactly what n8n's expression engine gives: used by the engine test (n8n-core, legacy
 * evaluator) and the e2e test (the isolated-vm evaluator a real n8n 2.41 runs).
 */
import type { IDataObject } from 'n8n-workflow';

/** Raw parameter values: plain references (fast), near misses and other expressions (n8n). */
export const PARAMETER_CASES: string[] = [
	'={{ $json.email }}',
	'={{$json.email}}',
	'={{   $json.email   }}',
	'={{\n$json.email\n}}',
	'={{ $json["E-mail"] }}',
	"={{ $json['E-mail'] }}",
	'={{ $json[ "x y" ] }}',
	'={{ $json.contact.email }}',
	'={{ $json.contact["e-mail"] }}',
	"={{ $json['contact'].email }}",
	'={{ $json.a.b.c }}',
	'={{ $json["ünï cödé"] }}',
	'={{ $json["1st"] }}',
	'={{ $json.n }}',
	'={{ $json.missing }}',
	'={{ $json.missing.deeper }}',
	'={{ $json.nul }}',
	'={{ $json.nul.x }}',
	'={{ $json.obj }}',
	'={{ $json.arr }}',
	'={{ $json.str.length }}',
	'={{ $json.$weird }}',
	'={{ $json._under }}',
	'={{ $json.toString }}',
	'={{ $json.hasOwnProperty }}',
	'={{ $json.constructor }}',
	'={{ $json.constructorName }}',
	'={{ $json["__proto__"] }}',
	'={{ $json["binding"] }}',
	'={{ $json.email }} ',
	' ={{ $json.email }}',
	'=x{{ $json.email }}',
	'={{ $json.email }}{{ $json.n }}',
	'={{ $json.email.toUpperCase() }}',
	'={{ $json?.email }}',
	'={{ $json.arr[0] }}',
	'={{ $json["a\\"b"] }}',
	'={{ $json.email || "none" }}',
	'={{ $json.email ?? "" }}',
	"={{ $json.email??'' }}",
	'={{ $json.contact["e-mail"] ?? "" }}',
	'={{ $json.missing ?? "" }}',
	'={{ $json.missing.deeper ?? "" }}',
	'={{ $json.nul ?? "" }}',
	'={{ $json.n ?? "" }}',
	'={{ $json.obj ?? "" }}',
	'={{ $json.email ?? "x" }}',
	'={{ $json.email ?? "" ?? "" }}',
	'=email',
	'plain text',
	'',
];

/** Values a field takes across items (undefined: the field is missing). */
const VALUES: unknown[] = [
	'jane@acme.example',
	'',
	'  padded  ',
	'null',
	'ünïcødé 名前',
	42,
	0,
	-7.5,
	1e21,
	Number.MAX_SAFE_INTEGER,
	true,
	false,
	null,
	undefined,
	{ x: 1, email: 'deep' },
	[1, 'a', null],
	[],
	{},
	Number.NaN,
	-0,
	Number.POSITIVE_INFINITY,
	new Date(0),
];

const FIELDS = ['email', 'E-mail', 'x y', 'ünï cödé', '1st', 'n', 'nul', 'obj', 'arr', 'str', '$weird', '_under', 'constructorName', 'a"b'];

/**
 * `count` items in which every field runs through every value at a different pace, and the
 * nested fields (`contact`, `a.b.c`) are objects, null, missing, text or lists.
 */
export function parameterCaseItems(count = VALUES.length * 3): IDataObject[] {
	const value = (index: number) => VALUES[index % VALUES.length];
	return Array.from({ length: count }, (_, i) => {
		const json: IDataObject = {};
		FIELDS.forEach((field, f) => {
			const v = value(i * (f + 1) + f);
			if (v !== undefined) json[field] = v as IDataObject[string];
		});
		const shape = i % 6;
		if (shape === 0) json.contact = { email: value(i + 1), 'e-mail': value(i + 2) } as IDataObject;
		if (shape === 1) json.contact = null;
		if (shape === 2) json.contact = 'text';
		if (shape === 3) json.contact = [{ email: 'in a list' }];
		if (shape === 4) json.contact = { other: 1 };
		const depth = i % 5;
		if (depth === 0) json.a = { b: { c: value(i) } } as IDataObject;
		if (depth === 1) json.a = { b: null };
		if (depth === 2) json.a = { b: { d: 1 } };
		if (depth === 3) json.a = null;
		return json;
	});
}
