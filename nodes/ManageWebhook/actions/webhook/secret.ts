/**
 * The secret in the output of Create and Rotate Secret, only when asked: v2 shows a secret in
 * those two answers and never again, so a receiver outside n8n has no other way to get it; but it
 * then sits in the execution data in clear. A tool call never outputs it (it would reach the model).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { isToolExecution } from '../../../shared/toolMode';

export const includeSecretOption: INodeProperties = {
	displayName: 'Include Secret in Output',
	name: 'includeSecret',
	type: 'boolean',
	default: false,
	description:
		'Whether to output the webhook secret, which your receiver needs to verify deliveries. The service shows it only now, and it is then stored in the execution data in clear: off unless the receiver is outside n8n. Never output to an AI agent.',
};

export function secretJson(ctx: IExecuteFunctions, secret: string, include: boolean): IDataObject {
	return include && !isToolExecution(ctx) ? { webhook_secret: secret } : {};
}
