/**
 * The fast parameter path (nodes/shared/parameters.ts) against n8n-core's own expression
 * evaluation: for every raw value of PARAMETER_CASES and every item of parameterCaseItems, the
 * value (or the error) `readParameter` gives is exactly the one `getNodeParameter` gives.
 * n8n-core here runs the legacy evaluator; test/e2e/parameters.test.ts checks the isolated-vm
 * evaluator of a real n8n.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MATCH_FIELDS } from '../../nodes/MatchProspects/helpers/fields';
import { plainReference, readsOwnField } from '../../nodes/shared/parameters';
import { PARAMETER_CASES, parameterCaseItems } from '../support/parameterCases';
import { ParamProbe, PROBE_PARAMETERS } from './fixtures/ParamProbe.node';
import { runWorkflow } from './harness';

const probe = (parameters: INodeParameters) => ({
	nodes: [{ name: 'Probe', type: 'test.paramProbe', typeVersion: 1, parameters }],
	connections: {},
});

async function runProbe(cases: string[], items: IDataObject[]) {
	expect(cases.length).toBeLessThanOrEqual(PROBE_PARAMETERS);
	const parameters = { count: cases.length, ...Object.fromEntries(cases.map((raw, i) => [`p${i}`, raw])) };
	const run = await runWorkflow(probe(parameters), { inputItems: items, nodeTypes: { 'test.paramProbe': new ParamProbe() } });
	expect(run.error).toBeUndefined();
	return run.json('Probe')[0] as { differences: string[]; counts: { fixed: number; reference: number; engine: number } };
}

describe('fast parameter reads give what n8n gives', () => {
	const items = parameterCaseItems();

	it('for every case and item (legacy evaluator)', async () => {
		const { differences, counts } = await runProbe(PARAMETER_CASES, items);
		expect(differences).toEqual([]);
		// the fast path is really taken: plain references read from the item, fixed values once
		const references = PARAMETER_CASES.filter((raw) => plainReference(raw) !== undefined).length;
		expect(references).toBeGreaterThanOrEqual(20);
		expect(counts.reference).toBeGreaterThan(references * items.length * 0.5);
		// 'plain text', '' and ' ={{ $json.email }}' (a leading space makes it text, not an expression)
		expect(counts.fixed).toBe(3 * items.length);
	});

	it('reads nothing through the engine for the default match fields of a contact table', async () => {
		const contacts = Array.from({ length: 500 }, (_, i) => ({
			email: i % 3 === 0 ? `person${i}@example.com` : undefined,
			phone_number: i % 3 === 1 ? i * 1000 : null,
			full_name: 'Jane Doe',
		}));
		const { differences, counts } = await runProbe(MATCH_FIELDS.map(readsOwnField), contacts as IDataObject[]);
		expect(differences).toEqual([]);
		expect(counts).toEqual({ fixed: 0, reference: 6 * 500, engine: 0 });
	});
});
