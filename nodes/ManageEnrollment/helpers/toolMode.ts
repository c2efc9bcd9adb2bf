/**
 * Manage Enrollment as a tool. The workflow's builder picks the resource and operation (one tool
 * does one thing, as n8n's own tool nodes do); the model fills in keys, IDs and enrollment IDs.
 * Each operation gets its own tool description, so the model knows what the tool does.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { dialectFor, LIMITS } from '../../shared/api';
import { nodeApiVersion } from '../../shared/transport/apiVersion';
import { forTool, fromAi, notForTool, requireArgument, runAsTool, toolDescription } from '../../shared/toolMode';

type Resource = 'businessEnrollment' | 'prospectEnrollment';

const on = (resource: Resource, operation: string) => ({ show: { resource: [resource], operation: [operation] } });

const BUSINESS_ID_EXAMPLE = '3f2a9c1e0b7d4e5f8a6b2c3d4e5f6a7b';
const PROSPECT_ID_EXAMPLE = 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d';
const KEY_RULE = `at least ${LIMITS.enrollmentKeyMinLength} characters, e.g. q3-target-accounts`;

/** The tool description of each operation. */
export const ENROLLMENT_TOOL_DESCRIPTIONS: Record<Resource, Record<string, string>> = {
	businessEnrollment: {
		create:
			'Start watching businesses for events (funding, new products, offices, hiring and more): creates a business enrollment under a key you choose. Returns enrollment_id and enrollment_key; needs the business IDs and a key.',
		list: 'List the business enrollments (watch lists of businesses). Returns each with enrollment_id, enrollment_key, business_ids and event_types (on API v2 also webhook_id and status, active or paused); needs no arguments.',
		update:
			'Change which businesses an existing business enrollment watches (and optionally its key). Returns the updated enrollment; needs its enrollment_id, from listing or creating enrollments, and the business IDs it should watch.',
		delete: 'Stop watching the businesses of a business enrollment by deleting it. Returns deleted: true; needs its enrollment_id, from listing or creating enrollments.',
	},
	prospectEnrollment: {
		create:
			'Start watching people for job changes: creates a prospect enrollment under a key you choose. Returns enrollment_id, which is needed to update or delete it later; needs prospect IDs (from Match Prospects) and a key.',
		update:
			'Change the people of an existing prospect enrollment, and optionally its key. Returns the updated enrollment; needs its enrollment_id (from creating it, or on API v2 from listing prospect enrollments) and the prospect IDs it should watch; on API v1 also its key.',
		delete: 'Stop watching the people of a prospect enrollment by deleting it. Returns deleted: true; needs its enrollment_id (from creating it, or on API v2 from listing prospect enrollments).',
		list: 'List the prospect enrollments (watch lists of people). Returns each with enrollment_id, enrollment_key, prospect_ids, event_types, webhook_id and status (active or paused); needs no arguments.',
	},
};

/** Tool descriptions, one per resource and operation. */
export const enrollmentToolDescriptions: INodeProperties[] = Object.entries(ENROLLMENT_TOOL_DESCRIPTIONS).flatMap(
	([resource, operations]) =>
		Object.entries(operations).map(([operation, text]) => toolDescription(text, on(resource as Resource, operation))),
);

/** The model's arguments: parameter name -> argument and its description, per resource and operation. */
function argumentFor(property: INodeProperties): { key: string; forModel: string; optional?: boolean } | undefined {
	const show = property.displayOptions?.show ?? {};
	const resource = (show.resource ?? [])[0] as Resource | undefined;
	const operation = String((show.operation ?? [])[0] ?? '');
	const update = operation === 'update';
	switch (property.name) {
		case 'enrollmentKey':
			// optional where the update keeps the current key (business enrollments; prospects on API v2)
			if (update && !property.required) {
				return { key: 'enrollment_key', forModel: `The enrollment's new key, ${KEY_RULE}. Empty to keep its current key.`, optional: true };
			}
			return update
				? { key: 'enrollment_key', forModel: `The enrollment's key after the update, ${KEY_RULE}. Give its current key to keep it.` }
				: { key: 'enrollment_key', forModel: `A name for this watch list, ${KEY_RULE}.` };
		case 'businessIds':
			return {
				key: 'business_ids',
				forModel: `${update ? 'The businesses the enrollment watches after the update' : 'The businesses to watch'}: business IDs (32 lowercase hexadecimal characters, as Search Businesses returns them), separated by commas, e.g. ${BUSINESS_ID_EXAMPLE}`,
			};
		case 'prospectIds':
			return {
				key: 'prospect_ids',
				forModel: `${update ? 'The people the enrollment watches after the update' : 'The people to watch'}: prospect IDs (as Match Prospects returns them), separated by commas, e.g. ${PROSPECT_ID_EXAMPLE}`,
			};
		case 'enrollmentId':
		case 'enrollment':
			return {
				key: 'enrollment_id',
				forModel:
					resource === 'businessEnrollment'
						? 'The enrollment_id of the business enrollment, as listing or creating enrollments returns it, e.g. 7d0c2a4e-1b2f-4c3d-9e8f-0a1b2c3d4e5f'
						: 'The enrollment_id of the prospect enrollment, as creating it returned it (on API v2 also as listing returns it), e.g. 7d0c2a4e-1b2f-4c3d-9e8f-0a1b2c3d4e5f',
			};
		default:
			return undefined;
	}
}

/** Parameters the model does not see in tool mode (their defaults apply). */
const HIDDEN_IN_TOOL_MODE = new Set(['combine']);

/**
 * The node's parameters with tool mode added: every parameter the model fills in gets a tool
 * variant with a `$fromAI()` default (the normal one is hidden there); the rest stay as they are.
 */
export function withToolVariants(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		if (HIDDEN_IN_TOOL_MODE.has(property.name)) return [notForTool(property)];
		const argument = argumentFor(property);
		if (!argument) return [property];
		const value = fromAi(argument.key, argument.forModel, 'string', argument.optional ? '' : undefined);
		const tool: INodeProperties = {
			...property,
			hint: undefined,
			required: !argument.optional && property.required,
			default: property.type === 'resourceLocator' ? { mode: 'id', value } : value,
			description: `${property.description ?? property.displayName}`.replace(/ By default the [a-z_]+ field of each input item\.$/, '') + ' By default the model sets it.',
		};
		return [notForTool(property), forTool(tool)];
	});
}

/** Enrollments one tool call lists at most. */
export const TOOL_LIST_LIMIT = 50;

const ARGUMENTS = {
	'Business IDs': 'business_ids',
	'Prospect IDs': 'prospect_ids',
	'Enrollment Key': 'enrollment_key',
	'Enrollment ID': 'enrollment_id',
	'Event Types': 'event types (set in the workflow)',
};

export async function executeAsTool(
	ctx: IExecuteFunctions,
	run: () => Promise<INodeExecutionData[][]>,
): Promise<INodeExecutionData[][]> {
	const resource = ctx.getNodeParameter('resource', 0) as Resource;
	const operation = ctx.getNodeParameter('operation', 0) as string;
	const required: Array<[string, string, string]> = [];
	if (operation !== 'list') {
		if (operation === 'update' || operation === 'delete') {
			required.push([
				resource === 'businessEnrollment' ? 'enrollment' : 'enrollmentId',
				'enrollment_id',
				resource === 'businessEnrollment'
					? 'pass the enrollment_id of the enrollment, as listing enrollments returns it.'
					: 'pass the enrollment_id that creating the enrollment returned.',
			]);
		}
		if (operation !== 'delete') {
			required.push(
				resource === 'businessEnrollment'
					? ['businessIds', 'business_ids', `pass one or more business IDs, e.g. ${BUSINESS_ID_EXAMPLE}.`]
					: ['prospectIds', 'prospect_ids', `pass one or more prospect IDs, e.g. ${PROSPECT_ID_EXAMPLE}.`],
			);
		}
		// v1 replaces a prospect enrollment whole; the v2 node version's update keeps an empty key
		if (operation === 'create' || (operation === 'update' && resource === 'prospectEnrollment' && !dialectFor(nodeApiVersion(ctx.getNode())).enrollments.partialUpdate)) {
			required.push(['enrollmentKey', 'enrollment_key', `pass a key of ${KEY_RULE}.`]);
		}
	}
	const answer = await runAsTool(ctx, {
		names: ARGUMENTS,
		check: (itemIndex) => {
			for (const [parameter, argument, hint] of required) requireArgument(ctx, parameter, argument, hint, itemIndex);
		},
		run: async () => (await run())[0] ?? [],
		compact: (output) => {
			const enrollments = output.map((item) => item.json);
			if (operation !== 'list') return enrollments;
			const listed: IDataObject = {
				total_enrollments: enrollments.length,
				returned: Math.min(enrollments.length, TOOL_LIST_LIMIT),
				enrollments: enrollments.slice(0, TOOL_LIST_LIMIT),
			};
			return [listed];
		},
	});
	return [answer];
}
