/**
 * What the Business Events Webhook Trigger's engine test files share: the file's own sandbox, a
 * local stand-in for n8n's webhook server that runs webhook() in a WebhookContext (as n8n's webhook
 * server does, so signatures are checked over the very bytes the sandbox sends), and the workflow
 * with the trigger as n8n holds it while published, its hooks run in a HookContext as n8n runs
 * them on publish and unpublish. A test file calls setUpSandbox() once at its top.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	IWebhookData,
	IWorkflowExecuteAdditionalData,
	IWebhookResponseData,
	Workflow,
} from 'n8n-workflow';

import { BusinessEventsWebhookTrigger } from '../../../nodes/BusinessEventsWebhookTrigger/BusinessEventsWebhookTrigger.node';
import { SANDBOX_PARTNER_ID } from '../../sandbox/options';
import { createAdditionalData } from '../harness/additionalData';
import { buildWorkflow } from '../harness/buildWorkflow';
import type { Sandbox } from '../../sandbox';
import { packageNode, sandboxCredentials, useSandbox } from '../harness';

export const trigger = new BusinessEventsWebhookTrigger();
export const NAME = 'Webhook Trigger';
export const WEBHOOK_ID = '5f0c1a52-7f6e-4a57-9a42-00000000e001';

/** The test file's sandbox, set by setUpSandbox() (started by the beforeAll it registers). */
export let sandbox: Sandbox;

interface Received {
	status: number;
	body: unknown;
	items?: IDataObject[];
}

/** A local stand-in for n8n's webhook server: runs webhook() for each request, answers as n8n would. */
class Receiver {
	server: Server;
	received: Received[] = [];
	run?: (req: IncomingMessage & { rawBody: Buffer }, res: { status: (code: number) => unknown; json: (body: unknown) => unknown }) => Promise<IWebhookResponseData>;

	constructor() {
		this.server = createServer((req, res) => void this.handle(req, res));
	}

	async listen(): Promise<string> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	private async handle(req: IncomingMessage, res: ServerResponse) {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const answer = { status: 200, body: undefined as unknown };
		const response = {
			status(code: number) {
				answer.status = code;
				return response;
			},
			json(body: unknown) {
				answer.body = body;
				return response;
			},
		};
		const request = Object.assign(req, { rawBody: Buffer.concat(chunks) });
		const result = await this.run!(request, response);
		const items = result.workflowData?.[0]?.map((item) => item.json);
		if (items) answer.body = { message: 'Workflow was started' };
		this.received.push({ ...answer, items });
		res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
	}
}

export const receiver = new Receiver();
/** The receiver's address, set by setUpSandbox()'s beforeAll. */
export let base: string;

/**
 * Starts the test file's sandbox (its webhooks, enrollments and faults reset before each test) and
 * the local receiver before its tests, and closes both after them. Call it once at the top of a
 * test file.
 */
export function setUpSandbox(): void {
	sandbox = useSandbox({ retryAfterSeconds: 0 }, (started) => {
		started.configure({ faults: {}, partnerId: undefined });
		started.webhooks.unregister();
		started.webhooks.configure({});
		started.webhooks.clearDeliveries();
		started.enrollments.businesses.clear();
		started.webhooks.tenant.clear();
		started.enrollments.businessesV2.clear();
	});
	beforeAll(async () => {
		base = await receiver.listen();
	});
	afterAll(async () => {
		await new Promise((resolve) => receiver.server.close(resolve));
	});
}

interface Published {
	workflow: Workflow;
	node: INode;
	additionalData: IWorkflowExecuteAdditionalData;
	webhookData: IWebhookData;
	url: string;
	staticData: () => IDataObject;
}

/**
 * The workflow with the trigger, as n8n holds it while published (its static data lives on the
 * Workflow). The credential has the sandbox's Partner ID unless `partnerId` is '' (v2 needs none).
 */
export function published(
	parameters: IDataObject = {},
	staticData: IDataObject = {},
	webhookId = WEBHOOK_ID,
	isTest = false,
	{ typeVersion = 1, apiVersion, partnerId = SANDBOX_PARTNER_ID }: { typeVersion?: number; apiVersion?: string; partnerId?: string } = {},
): Published {
	const { workflow, credentialsHelper } = buildWorkflow(
		{
			nodes: [
				{
					...packageNode('businessEventsWebhookTrigger', NAME, { entity: 'both', options: {}, ...parameters }, { typeVersion }),
					webhookId,
				},
			],
			connections: {},
		},
		{
			credentials: sandboxCredentials(sandbox, { ...(partnerId ? { partnerId } : {}), ...(apiVersion ? { apiVersion } : {}) }),
			mode: 'trigger',
			staticData: { [`node:${NAME}`]: staticData },
		},
	);
	const node = workflow.getNode(NAME)!;
	const additionalData = {
		...createAdditionalData({ credentialsHelper }),
		webhookBaseUrl: `${base}/webhook`,
		webhookTestBaseUrl: `${base}/webhook-test`,
	};
	const description = trigger.description.webhooks![0];
	const webhookData: IWebhookData = {
		httpMethod: 'POST',
		node: NAME,
		path: `${webhookId}/webhook`,
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
		webhookId,
		isTest,
	};
	receiver.run = async (req, res) => {
		const context = new WebhookContext(
			workflow,
			node,
			{ ...additionalData, httpRequest: req as never, httpResponse: res as never },
			isTest ? 'manual' : 'webhook',
			webhookData,
			[],
			null,
		);
		return await trigger.webhook.call(context);
	};
	return {
		workflow,
		node,
		additionalData,
		webhookData,
		url: `${base}/webhook/${webhookId}/webhook`,
		staticData: () => workflow.staticData[`node:${NAME}`] as IDataObject,
	};
}

export const hook = (p: Published, mode: 'trigger' | 'manual' = 'trigger') =>
	new HookContext(p.workflow, p.node, p.additionalData, mode, mode === 'manual' ? 'manual' : 'activate', p.webhookData);

/** What n8n does on publish: checkExists, then create when it says no. */
export async function publish(p: Published): Promise<boolean> {
	const exists = await trigger.webhookMethods.default.checkExists.call(hook(p));
	if (!exists) await trigger.webhookMethods.default.create.call(hook(p));
	return exists;
}

export const webhookCalls = () =>
	sandbox.requests.filter((request) => request.path.startsWith('/v1/webhooks')).map((request) => `${request.method} ${request.path}`);

export function enroll(key: string, businessIds: string[]) {
	sandbox.enrollments.businesses.set(`enr-${key}`, {
		enrollment_id: `enr-${key}`,
		enrollment_key: key,
		business_ids: businessIds,
		event_types: ['new_product', 'new_funding_round'],
	});
}
