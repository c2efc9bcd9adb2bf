/**
 * What shipped code takes from outside itself at run time, read from the code: the module names a
 * TypeScript source imports for values (type-only imports are erased by the build), the names a
 * compiled .js file requires, and the `instanceof` checks against a class imported from another
 * package. runtimeImports.test.ts runs them on nodes/, credentials/ and dist/, and on broken copies.
 */
import { builtinModules } from 'node:module';
import ts from 'typescript';

/**
 * What the sources may load: n8n-workflow (the peer n8n provides), zod through `zod/v3` (the path
 * zod 3.25+ and zod 4 have; the build points it at zod's v3 files shipped in dist/vendor/zod, so
 * dist/ loads no zod of n8n's tree or of ~/.n8n/nodes), and Node's built-ins. Nothing else from
 * n8n's tree: Luxon, for one, is replaced by Intl (nodes/shared/wallClock.ts).
 */
export const ALLOWED_RUNTIME_MODULES = ['n8n-workflow', 'zod/v3'];

const isRelative = (name: string) => name.startsWith('./') || name.startsWith('../');
export const isBuiltin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);

/** The names in `names` that shipped code may not load at run time. */
export const disallowedModules = (names: Iterable<string>): string[] =>
	[...new Set(names)].filter((name) => !isRelative(name) && !isBuiltin(name) && !ALLOWED_RUNTIME_MODULES.includes(name)).sort();

const parse = (fileName: string, text: string) => ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
	const clause = node.importClause;
	if (!clause) return false; // `import 'x'` runs x
	if (clause.isTypeOnly) return true;
	if (clause.name) return false;
	const bindings = clause.namedBindings;
	if (!bindings || ts.isNamespaceImport(bindings)) return false;
	return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

const isRequireOrImportCall = (node: ts.Node): node is ts.CallExpression =>
	ts.isCallExpression(node) &&
	(node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'));

/** The modules a TypeScript or JavaScript file loads at run time (imports, re-exports, require() and import()). */
export function runtimeModulesOf(fileName: string, text: string): string[] {
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isImportDeclaration(node) && !isTypeOnlyImport(node)) found.push((node.moduleSpecifier as ts.StringLiteral).text);
		else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) found.push((node.moduleSpecifier as ts.StringLiteral).text);
		else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
			found.push((node.moduleReference.expression as ts.StringLiteral).text);
		} else if (isRequireOrImportCall(node)) {
			const [argument] = node.arguments;
			found.push(argument && ts.isStringLiteralLike(argument) ? argument.text : '<computed>');
		}
		ts.forEachChild(node, visit);
	};
	visit(parse(fileName, text));
	return found;
}

/** `instanceof X` (or `instanceof x.Y`) where X or x is imported from another package: `line: text` of each. */
export function instanceofOnPackageClasses(fileName: string, text: string): string[] {
	const source = parse(fileName, text);
	const fromPackages = new Set<string>();
	for (const statement of source.statements) {
		if (!ts.isImportDeclaration(statement) || isRelative((statement.moduleSpecifier as ts.StringLiteral).text)) continue;
		const clause = statement.importClause;
		if (clause?.name) fromPackages.add(clause.name.text);
		const bindings = clause?.namedBindings;
		if (bindings && ts.isNamespaceImport(bindings)) fromPackages.add(bindings.name.text);
		else if (bindings) for (const element of bindings.elements) fromPackages.add(element.name.text);
	}
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword) {
			let target: ts.Expression = node.right;
			while (ts.isPropertyAccessExpression(target)) target = target.expression;
			if (ts.isIdentifier(target) && fromPackages.has(target.text)) {
				found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}
