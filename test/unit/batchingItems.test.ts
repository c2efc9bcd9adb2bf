/**
 * The shared per-item helpers: the error item n8n routes to the error output, the one
 * validation-error builder, the JSON parameter reader and the sequential per-item runner.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { assembleOutput, errorItem, pairedTo, runEach, toItemError } from '../../nodes/shared/batching/items';
import { ItemValidationError, itemValidationError, parseJsonParameter } from '../../nodes/shared/batching/validate';
import { TEST_NODE } from './support/fakeContext';

const context = (items: number, continueOnFail: boolean) =>
	({
		getNode: () => TEST_NODE,
		getInputData: () => Array.from({ length: items }, (_, i) => ({ json: { i } })),
		continueOnFail: () => continueOnFail,
	}) as unknown as IExecuteFunctions;

describe('errorItem', () => {
	it('holds only error and details in json (what n8n routes to the error output), no item.error', () => {
		const error = new NodeOperationError(TEST_NODE, 'Item 2: email must be an email address', {
			itemIndex: 2,
			description: 'Nothing was sent to the service for this item.',
		});
		const item = errorItem(error, 2);
		expect(item.json).toEqual({
			error: 'Item 2: email must be an email address',
			details: 'Nothing was sent to the service for this item.',
		});
		expect(Object.keys(item.json)).toEqual(['error', 'details']);
		// n8n-core's normalizeNodeErrors would replace the json of an item with .error by { error }
		expect(item).not.toHaveProperty('error');
		expect(item.pairedItem).toEqual({ item: 2 });
	});

	it('leaves details out when the error has no description, pairs to several items', () => {
		const item = errorItem(new NodeOperationError(TEST_NODE, 'boom'), [1, 4]);
		expect(item.json).toEqual({ error: 'boom' });
		expect(item.pairedItem).toEqual([{ item: 1 }, { item: 4 }]);
	});

	it('pairedTo: one item as an object, several as a list', () => {
		expect(pairedTo(3)).toEqual({ item: 3 });
		expect(pairedTo([3])).toEqual({ item: 3 });
		expect(pairedTo([0, 2])).toEqual([{ item: 0 }, { item: 2 }]);
	});

	it('toItemError passes node errors through and wraps the rest with the item index', () => {
		const api = new NodeApiError(TEST_NODE, { message: 'x' });
		expect(toItemError(TEST_NODE, api, 0)).toBe(api);
		const wrapped = toItemError(context(1, false), new Error('plain'), 5);
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect(wrapped.message).toBe('plain');
		expect(wrapped.context.itemIndex).toBe(5);
	});
});

describe('itemValidationError', () => {
	it('names the item and ends with "Nothing was sent"', () => {
		const error = itemValidationError(TEST_NODE, 3, 'Business IDs is empty', 'Map a field that holds the IDs.');
		expect(error).toBeInstanceOf(ItemValidationError);
		expect(error.message).toBe('Item 3: Business IDs is empty');
		expect(error.description).toBe('Map a field that holds the IDs. Nothing was sent to the service for this item.');
		expect(error.context.itemIndex).toBe(3);
		expect(itemValidationError(TEST_NODE, 0, 'x').description).toBe('Nothing was sent to the service for this item.');
	});
});

describe('parseJsonParameter', () => {
	const object = { label: 'Enrichment Parameters', shape: 'object', example: '{"key": "value"}' } as const;
	const list = { label: 'Event Data Parameters', shape: 'objectList', example: '[{"key": "value"}]' } as const;

	it.each(['', '   ', null, undefined])('reads %p as nothing', (raw) => {
		expect(parseJsonParameter(TEST_NODE, 0, raw, object)).toBeUndefined();
		expect(parseJsonParameter(TEST_NODE, 0, raw, list)).toBeUndefined();
	});

	it('parses text and takes parsed values from expressions as they are', () => {
		expect(parseJsonParameter(TEST_NODE, 0, '{"a": 1}', object)).toEqual({ a: 1 });
		expect(parseJsonParameter(TEST_NODE, 0, { a: 1 }, object)).toEqual({ a: 1 });
		expect(parseJsonParameter(TEST_NODE, 0, '{}', object)).toEqual({});
		expect(parseJsonParameter(TEST_NODE, 0, '{"a": 1}', list)).toEqual([{ a: 1 }]);
		expect(parseJsonParameter(TEST_NODE, 0, [{ a: 1 }, { b: 2 }], list)).toEqual([{ a: 1 }, { b: 2 }]);
		expect(parseJsonParameter(TEST_NODE, 0, '[]', list)).toEqual([]);
	});

	it('says what is wrong, for which item, and that nothing was sent', () => {
		const invalid = () => parseJsonParameter(TEST_NODE, 2, '{a: 1}', object);
		expect(invalid).toThrow(ItemValidationError);
		expect(invalid).toThrow(/^Item 2: Enrichment Parameters is not valid JSON \(.+\)$/);
		try {
			invalid();
		} catch (error) {
			expect((error as ItemValidationError).description).toBe(
				'Write a JSON object such as {"key": "value"}, or leave it empty. Nothing was sent to the service for this item.',
			);
		}
		expect(() => parseJsonParameter(TEST_NODE, 1, '[1]', object)).toThrow('Item 1: Enrichment Parameters must be a JSON object');
		expect(() => parseJsonParameter(TEST_NODE, 1, '"text"', object)).toThrow('Item 1: Enrichment Parameters must be a JSON object');
		expect(() => parseJsonParameter(TEST_NODE, 1, '[{"a": 1}, 2]', list)).toThrow(
			'Item 1: Event Data Parameters must be a JSON list of objects',
		);
	});
});

describe('runEach', () => {
	const requests = [0, 1, 2, 3].map((itemIndex) => ({ itemIndex, query: itemIndex % 2 === 0 ? 'same' : `own-${itemIndex}` }));

	it('runs one after another, once per key, and shares the value', async () => {
		const runs: string[] = [];
		let inFlight = 0;
		const results = await runEach(
			context(4, false),
			requests,
			async (request) => {
				inFlight++;
				expect(inFlight).toBe(1);
				runs.push(request.query);
				await new Promise((resolve) => setImmediate(resolve));
				inFlight--;
				return { found: request.query };
			},
			{ key: (request) => request.query },
		);
		expect(runs).toEqual(['same', 'own-1', 'own-3']);
		expect(results.map((r) => (r.ok ? [r.itemIndex, r.value.found] : []))).toEqual([
			[0, 'same'],
			[1, 'own-1'],
			[2, 'same'],
			[3, 'own-3'],
		]);
	});

	it('stops at the first failure without Continue on Fail', async () => {
		const runs: number[] = [];
		const failing = async (request: { itemIndex: number }) => {
			runs.push(request.itemIndex);
			if (request.itemIndex === 1) throw new Error('down');
			return request.itemIndex;
		};
		await expect(runEach(context(4, false), requests, failing)).rejects.toThrow('down');
		expect(runs).toEqual([0, 1]);
	});

	it('under Continue on Fail gives the failure to every item sharing the key; assembleOutput pairs it', async () => {
		const results = await runEach(
			context(4, true),
			requests,
			async (request) => {
				if (request.query === 'same') throw new NodeOperationError(TEST_NODE, 'same failed');
				return [request.query];
			},
			{ key: (request) => request.query },
		);
		expect(results.map((r) => r.ok)).toEqual([false, true, false, true]);
		const output = assembleOutput(context(4, true), { requests, errors: new Map() }, results, (itemIndex, outcome) => [
			{ json: { value: outcome?.value }, pairedItem: { item: itemIndex } },
		]);
		expect(output.map((item) => item.json)).toEqual([
			{ error: 'same failed' },
			{ value: ['own-1'] },
			{ error: 'same failed' },
			{ value: ['own-3'] },
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
	});
});
