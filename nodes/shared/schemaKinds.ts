import type { AnyZodObject, ZodEffects, ZodOptional, ZodTypeAny } from 'zod/v3';

/**
 * What kind of zod schema a value is, read from the schema itself (`_def.typeName`, part of zod 3's
 * API and of the `zod/v3` export of zod 4) instead of `instanceof`. The zod that runs is the one
 * n8n's own tree resolves; a class check breaks as soon as that copy is not the one the class came
 * from, while the type name holds on every copy.
 */
type SchemaKind = 'ZodObject' | 'ZodOptional' | 'ZodEffects';

const kindOf = (schema: unknown): string | undefined =>
	(schema as { _def?: { typeName?: unknown } } | undefined)?._def?.typeName as string | undefined;

export const isSchemaOfKind = (schema: unknown, kind: SchemaKind): boolean => kindOf(schema) === kind;

export const isObjectSchema = (schema: unknown): schema is AnyZodObject => isSchemaOfKind(schema, 'ZodObject');

/** The schema under optional() and refinements (refine, superRefine, transform): what they wrap. */
export function unwrapSchema(schema: ZodTypeAny, kinds: readonly SchemaKind[] = ['ZodOptional', 'ZodEffects']): ZodTypeAny {
	let current = schema;
	for (;;) {
		const kind = kindOf(current);
		if (kind === 'ZodOptional' && kinds.includes('ZodOptional')) current = (current as ZodOptional<ZodTypeAny>).unwrap();
		else if (kind === 'ZodEffects' && kinds.includes('ZodEffects')) current = (current as ZodEffects<ZodTypeAny>).innerType();
		else return current;
	}
}
