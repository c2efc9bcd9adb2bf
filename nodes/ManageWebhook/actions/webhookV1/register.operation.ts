import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { itemValidationError } from '../../../shared/batching/validate';
import { sameUrl } from '../../../shared/api';
import { DEFAULT_API_VERSION } from '../../../shared/transport/connection';
import { perItem, refuseOnV2, registrationJson } from './common';

const show = { show: { operation: ['register'] } };

export const description: INodeProperties[] = [
	{
		displayName: 'Webhook URL',
		name: 'webhookUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://n8n.example.com/webhook/1f2e.../webhook',
		description:
			'Where the service pushes every event of your enrollments. To receive them in n8n, publish a workflow with the Business Events Webhook Trigger instead: it registers itself and verifies each delivery.',
		displayOptions: show,
	},
	{
		displayName: 'Replace Existing Registration',
		name: 'replaceExisting',
		type: 'boolean',
		default: false,
		description:
			"Whether to replace the partner's webhook when it points at another URL. That URL then stops receiving events and the service issues a new secret. Off: the item fails and names the URL registered now.",
		displayOptions: show,
	},
	{
		displayName: 'Rotate Secret',
		name: 'rotateSecret',
		type: 'boolean',
		default: false,
		description:
			'Whether to register the URL again when it is registered already: the service then issues a new secret, and a trigger verifying with the old one refuses deliveries until it reads the new one. Off: nothing is sent and the output says it was registered already.',
		displayOptions: show,
	},
];

const MAX_URL_LENGTH = 2_048;

function readUrl(ctx: IExecuteFunctions, itemIndex: number): string {
	const value = ctx.getNodeParameter('webhookUrl', itemIndex, '');
	if (typeof value !== 'string' || value.trim() === '') {
		throw itemValidationError(ctx.getNode(), itemIndex, 'Webhook URL is required', 'Enter the address the service should push events to.');
	}
	const url = value.trim();
	let parsed: URL | undefined;
	try {
		parsed = new URL(url);
	} catch {
		parsed = undefined;
	}
	if (!parsed || !/^https?:$/.test(parsed.protocol) || url.length > MAX_URL_LENGTH) {
		throw itemValidationError(
			ctx.getNode(),
			itemIndex,
			`Webhook URL must be an http or https address of at most ${MAX_URL_LENGTH} characters, got "${url.slice(0, 80)}"`,
		);
	}
	return url;
}

/** Registers the URL (one request per item, after checking what is registered now). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await perItem(
		this,
		(itemIndex) => ({
			itemIndex,
			url: readUrl(this, itemIndex),
			replace: this.getNodeParameter('replaceExisting', itemIndex, false) === true,
			rotate: this.getNodeParameter('rotateSecret', itemIndex, false) === true,
		}),
		async (strategy, { itemIndex, url, replace, rotate }) => {
			const found = await strategy.find();
			const already = found !== undefined && sameUrl(found.webhookUrl, url);
			// v1 registers the same URL again by rotating its secret: a running trigger would stop verifying
			if (already && !rotate) {
				return { ...registrationJson(strategy, found), already_registered: true, secret_rotated: false, replaced_url: null };
			}
			if (found && !already && !replace) {
				throw new NodeOperationError(
					this.getNode(),
					`Item ${itemIndex}: the ${strategy.owner} already has a webhook, pointing at ${found.webhookUrl}; registering ${url} would replace it`,
					{
						itemIndex,
						description:
							'The service keeps one webhook per partner. Turn on Replace Existing Registration to replace it (that URL then stops receiving events). Nothing was changed.',
					},
				);
			}
			const registered = await strategy.register(url);
			return {
				...registrationJson(strategy, registered),
				already_registered: already,
				secret_rotated: already,
				replaced_url: found && !already ? found.webhookUrl : null,
			};
		},
		{ fallback: DEFAULT_API_VERSION, refuse: (version, itemIndex) => refuseOnV2(this, version, itemIndex, 'Register') },
	);
}
