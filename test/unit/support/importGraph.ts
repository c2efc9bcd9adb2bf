/**
 * The import graph of the TypeScript sources under a folder, read with TypeScript's parser: every
 * module each file names (imports and re-exports, type-only ones too, require() and import()), and
 * which of them are own files (as madge reads them). apiDoor.test.ts reads it to hold the API
 * wings' door and to find import cycles.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every module a file names, type-only imports included. */
export function importsOf(fileName: string, text: string): string[] {
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
			found.push(node.moduleSpecifier.text);
		} else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
			found.push(node.argument.literal.text);
		} else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
			const callee = node.expression;
			if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) found.push(node.arguments[0].text);
		}
		ts.forEachChild(node, visit);
	};
	visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true));
	return found;
}

/**
 * The own file a relative module name points at (`x` as x.ts or x/index.ts, or a file named with its
 * extension such as `../../package.json`), relative to `root`.
 */
function resolved(root: string, from: string, name: string): string | undefined {
	if (!name.startsWith('./') && !name.startsWith('../') && name !== '.' && name !== '..') return undefined;
	const base = path.join(path.dirname(path.join(root, from)), name);
	const named = path.extname(base) !== '' && existsSync(base) && statSync(base).isFile() ? [base] : [];
	const file = [`${base}.ts`, path.join(base, 'index.ts'), ...named].find((candidate) => existsSync(candidate));
	if (!file) throw new Error(`${from}: cannot resolve ${name}`);
	return path.relative(root, file).split(path.sep).join('/');
}

export interface ImportGraph {
	/** every .ts file under the folder, relative to the root, with forward slashes */
	files: string[];
	/** the own files each file imports, type-only imports included */
	imports: Map<string, string[]>;
}

export function importGraph(root: string, folder: string): ImportGraph {
	const files = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.ts'))
		.map((file) => `${folder}/${file.split(path.sep).join('/')}`)
		.sort();
	const imports = new Map<string, string[]>();
	for (const file of files) {
		const text = readFileSync(path.join(root, file), 'utf8');
		const own = (names: string[]) => [...new Set(names.map((name) => resolved(root, file, name)).filter((name) => name !== undefined))];
		imports.set(file, own(importsOf(file, text)));
	}
	return { files, imports };
}

/**
 * The import cycles of a graph, each as the files around it (first file repeated at the end): one per
 * back edge of a depth-first search, so none exactly when the graph has no cycle.
 */
export function cyclesOf(edges: Map<string, string[]>): string[][] {
	const cycles: string[][] = [];
	const state = new Map<string, 'open' | 'done'>();
	const stack: string[] = [];
	const visit = (file: string) => {
		state.set(file, 'open');
		stack.push(file);
		for (const next of edges.get(file) ?? []) {
			if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
			else if (!state.has(next)) visit(next);
		}
		stack.pop();
		state.set(file, 'done');
	};
	for (const file of edges.keys()) if (!state.has(file)) visit(file);
	return cycles;
}
