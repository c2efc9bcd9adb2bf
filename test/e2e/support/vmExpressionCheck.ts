/**
 * Run as its own process (`node --import tsx vmExpressionCheck.ts <n8n install dir>`): Jest's
 * module sandbox cannot start n8n's isolated-vm evaluator (it loads it with a dynamic import).
 * Evaluates every plain reference of PARAMETER_CASES on every item of parameterCaseItems with
 * the evaluator a real n8n 2.41 runs by default (`N8N_EXPRESSION_ENGINE=vm`), compares with what
 * the fast path reads from the item, and prints `{ engine, fast, differences }` as JSON.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import type { IDataObject } from 'n8n-workflow';

import { plainReference, readPlainReference } from '../../../nodes/shared/parameters';
import { PARAMETER_CASES, parameterCaseItems } from '../../support/parameterCases';

interface WorkflowModule {
	Expression: {
		initExpressionEngine(options: IDataObject): Promise<void>;
		disposeExpressionEngine(): Promise<void>;
		getActiveImplementation(): string;
	};
	Workflow: new (parameters: IDataObject) => {
		expression: {
			getParameterValue(value: unknown, ...rest: unknown[]): unknown;
			expression: { withIsolate<T>(run: () => Promise<T>): Promise<T> };
		};
	};
}

async function main(installDir: string) {
	const n8n = createRequire(path.join(installDir, 'node_modules', 'n8n', 'package.json'))('n8n-workflow') as WorkflowModule;
	await n8n.Expression.initExpressionEngine({ engine: 'vm', poolSize: 1, maxCodeCacheSize: 1024, bridgeTimeout: 5000, bridgeMemoryLimit: 128 });
	const nodeType = { description: { properties: [] } };
	const workflow = new n8n.Workflow({
		id: 'parameters',
		nodes: [{ id: '1', name: 'Probe', type: 'test.probe', typeVersion: 1, parameters: {}, position: [0, 0] }],
		connections: {},
		active: false,
		nodeTypes: { getByName: () => nodeType, getByNameAndVersion: () => nodeType, getKnownTypes: () => ({}) },
		settings: {},
	});
	const items = parameterCaseItems().map((json) => ({ json }));
	const differences: string[] = [];
	let fast = 0;
	await workflow.expression.expression.withIsolate(async () => {
		for (const raw of PARAMETER_CASES) {
			const reference = plainReference(raw);
			if (!reference) continue;
			items.forEach((item, itemIndex) => {
				const found = readPlainReference(reference, item.json);
				if (!found) return;
				fast++;
				let evaluated: unknown;
				try {
					evaluated = workflow.expression.getParameterValue(raw, null, 0, itemIndex, 'Probe', items, 'manual', {}, undefined);
				} catch (error) {
					evaluated = `throws ${(error as Error).message}`;
				}
				if (!isDeepStrictEqual(found.value, evaluated)) {
					differences.push(`${JSON.stringify(raw)} item ${itemIndex}: fast ${String(found.value)}, n8n ${String(evaluated)}`);
				}
			});
		}
	});
	const engine = n8n.Expression.getActiveImplementation();
	await n8n.Expression.disposeExpressionEngine();
	process.stdout.write(`${JSON.stringify({ engine, fast, differences })}\n`);
}

main(process.argv[2]).then(
	() => process.exit(0),
	(error: unknown) => {
		process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
		process.exit(1);
	},
);
