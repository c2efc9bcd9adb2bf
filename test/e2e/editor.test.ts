/**
 * The editor in a real browser: Debian's Chromium (/usr/bin/chromium, never a downloaded one)
 * driven by playwright-core against one real n8n started like `npm start` (the packed package,
 * the sandbox credential, the example workflows). It opens every example, the parameter panel of
 * every node for each resource and operation, the credential dialog and the node creator, and
 * checks what is drawn: the expected fields, no console errors, no "undefined" in subtitles,
 * every node found by the service's name, the credential test's reason for a refused Base URL. Screenshots go to a temporary folder, or to docs/images/
 * (which the README and the pages in docs/ show) with `npm run screenshots`.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { INode, INodeParameters, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

import { BASE_URL_HINT } from '../../credentials/BusinessProspectDataApi.credentials';
import { BusinessEventsTrigger } from '../../nodes/BusinessEventsTrigger/BusinessEventsTrigger.node';
import { Enrich } from '../../nodes/Enrich/Enrich.node';
import { GetEvents } from '../../nodes/GetEvents/GetEvents.node';
import { LookUpFilterValues } from '../../nodes/LookUpFilterValues/LookUpFilterValues.node';
import { ManageWebhook } from '../../nodes/ManageWebhook/ManageWebhook.node';
import { BusinessEventsWebhookTrigger } from '../../nodes/BusinessEventsWebhookTrigger/BusinessEventsWebhookTrigger.node';
import { ManageEnrollment } from '../../nodes/ManageEnrollment/ManageEnrollment.node';
import { MatchBusinesses } from '../../nodes/MatchBusinesses/MatchBusinesses.node';
import { MatchProspects } from '../../nodes/MatchProspects/MatchProspects.node';
import { SearchBusinesses } from '../../nodes/SearchBusinesses/SearchBusinesses.node';
import { SearchProspects } from '../../nodes/SearchProspects/SearchProspects.node';
import { normalizeBaseUrl } from '../../nodes/shared/transport/connection';
import { startSandbox, type Sandbox } from '../sandbox';
import { loadExampleWorkflows } from './harness/exampleWorkflows';
import { useN8n } from './harness/jest';
import { REPO_ROOT } from './harness/n8nInstall';
import { CREDENTIAL_TYPE, DEFAULT_OWNER, PACKAGE_NAME } from './harness/n8nInstance';

const CHROMIUM = '/usr/bin/chromium';
/**
 * Every run takes the screenshots (drawing them is part of the check), but only
 * `npm run screenshots` (UPDATE_SCREENSHOTS=1) replaces the images in docs/images (shown by the README and docs/): a test
 * run leaves the working tree as it was.
 */
const IMAGES =
	process.env.UPDATE_SCREENSHOTS === '1'
		? path.join(REPO_ROOT, 'docs', 'images')
		: path.join(os.tmpdir(), 'n8n-nodes-business-prospect-data-screenshots');
const SERVICE_NAME = 'Business Prospect Data';
const CREDENTIAL = { id: 'bpdSandboxCred01', name: 'Business Prospect Data (sandbox)' };
const ALL_NODES_WORKFLOW = 'editorAllNodes01';
const MATCH_PREVIEW_WORKFLOW = 'editorMatchPreview1';
/** a contact with an e-mail address only: the other match fields are absent */
const PREVIEW_CONTACT = { email: 'lea.mitchell@preview.example' };

/** Manual trigger with a pinned contact, then Match Prospects with its default parameters. */
const matchPreviewWorkflow = () => ({
	id: MATCH_PREVIEW_WORKFLOW,
	name: 'Match preview',
	nodes: [
		{ id: 'preview-trigger', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'preview-match',
			name: 'Match Prospects',
			type: `${PACKAGE_NAME}.matchProspects`,
			typeVersion: 1,
			position: [220, 0],
			parameters: {},
			credentials: { [CREDENTIAL_TYPE]: CREDENTIAL },
		},
	],
	connections: { Start: { main: [[{ node: 'Match Prospects', type: 'main', index: 0 }]] } },
	pinData: { Start: [{ json: PREVIEW_CONTACT }] },
	settings: {},
});
/** A Search Businesses node saved with the text fields the filter pickers replaced. */
const EARLIER_FILTERS_WORKFLOW = 'editorEarlierFilters01';
const EARLIER_NODE_ID = '00000000-0000-4000-8000-0000000e0001';

/** One node of the "every node, every operation" workflow: a type and the parameters that pick its form. */
interface Variant {
	type: INodeType;
	parameters: INodeParameters;
	node: INode;
}

const NODE_TYPES: INodeType[] = [
	new SearchBusinesses(),
	new GetEvents(),
	new ManageEnrollment(),
	new MatchProspects(),
	new Enrich(),
	new BusinessEventsTrigger(),
	new MatchBusinesses(),
	new SearchProspects(),
	new LookUpFilterValues(),
	new BusinessEventsWebhookTrigger(),
	new ManageWebhook(),
];

/** Values of an options parameter named `name` that are shown with `parameters`. */
function choices(type: INodeType, name: string, parameters: INodeParameters): string[] {
	const node = { parameters } as INode;
	return type.description.properties
		.filter((property) => property.name === name && property.type === 'options')
		.filter((property) => NodeHelpers.displayParameter(parameters, property, node, type.description))
		.flatMap((property) => (property.options ?? []).map((option) => String((option as { value: unknown }).value)));
}

/** Every resource and operation of every node (and the trigger's two sources), as nodes of one workflow. */
function variants(): Variant[] {
	const list: Variant[] = [];
	const add = (type: INodeType, parameters: INodeParameters) => {
		const index = list.length;
		const label = Object.values(parameters).join(' ');
		const node: INode = {
			id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
			name: `${type.description.displayName}${label ? ` (${label})` : ''}`,
			type: `${PACKAGE_NAME}.${type.description.name}`,
			typeVersion: 1,
			position: [(index % 5) * 260, Math.floor(index / 5) * 220],
			parameters,
			credentials: { [CREDENTIAL_TYPE]: { ...CREDENTIAL } },
		};
		list.push({ type, parameters, node });
	};
	for (const type of NODE_TYPES) {
		const resources = choices(type, 'resource', {});
		const sources = choices(type, 'source', {});
		if (resources.length > 0) {
			for (const resource of resources) {
				const operations = choices(type, 'operation', { resource });
				if (operations.length === 0) add(type, { resource });
				for (const operation of operations) add(type, { resource, operation });
			}
		} else if (sources.length > 0) {
			for (const source of sources) add(type, { source });
		} else {
			add(type, {});
		}
	}
	return list;
}

/** Display names of the fields the panel must show for a node's parameters (n8n's own display rules). */
function expectedFields({ type, node }: Variant): string[] {
	const description = type.description;
	const values = NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description) ?? {};
	return description.properties
		.filter((property) => property.type !== 'hidden' && property.type !== 'notice')
		.filter((property) => NodeHelpers.displayParameter(values, property, node, description))
		.map((property) => property.displayName);
}

describe('the editor in a real browser (Debian Chromium)', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => {
		await sandbox?.close();
	});

	const examples = loadExampleWorkflows(CREDENTIAL);
	const allNodes = variants();
	const n8n = useN8n({
		start: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			await instance.importWorkflows([
				...examples.map((example) => example.workflow),
				matchPreviewWorkflow(),
				{
					id: ALL_NODES_WORKFLOW,
					name: 'Every node, every operation',
					nodes: allNodes.map((variant) => variant.node),
					connections: {},
					settings: {},
				},
				{
					id: EARLIER_FILTERS_WORKFLOW,
					name: 'Search saved with text-box filters',
					nodes: [
						{
							id: EARLIER_NODE_ID,
							name: 'Search Businesses',
							type: `${PACKAGE_NAME}.searchBusinesses`,
							typeVersion: 1,
							position: [0, 0],
							parameters: { filters: { cities: 'Austin, Texas, us\nSeattle, Washington, us', technologies: 'Salesforce' } },
							credentials: { [CREDENTIAL_TYPE]: { ...CREDENTIAL } },
						},
					],
					connections: {},
					settings: {},
				},
			]);
		},
	});

	let context: BrowserContext;
	let page: Page;
	let userDataDir: string;
	const consoleErrors: string[] = [];

	beforeAll(async () => {
		if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)`);
		mkdirSync(IMAGES, { recursive: true });
		userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bpd-chromium-'));
		context = await chromium.launchPersistentContext(userDataDir, {
			executablePath: CHROMIUM,
			headless: true,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
			],
			viewport: { width: 1440, height: 900 },
		});
		page = context.pages()[0] ?? (await context.newPage());
		page.on('console', (message) => {
			if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
		});
		page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
		const login = await context.request.post(`${n8n().baseUrl}/rest/login`, {
			data: { emailOrLdapLoginId: DEFAULT_OWNER.email, password: DEFAULT_OWNER.password },
		});
		expect(login.status()).toBe(200);
	});

	afterAll(async () => {
		await context?.close();
		if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
	});

	const open = async (route: string) => {
		await page.goto(`${n8n().baseUrl}${route}`);
	};

	/** Opens a workflow and returns the subtitles of this package's nodes on the canvas. */
	async function openWorkflow(id: string): Promise<{ names: string[]; subtitles: string[] }> {
		await open(`/workflow/${id}`);
		await page.locator('[data-test-id="canvas-node"]').first().waitFor();
		const ours = page.locator(`[data-test-id="canvas-node"][data-node-type^="${PACKAGE_NAME}."]`);
		const names = await ours.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-node-name') ?? ''));
		const subtitles = await ours.evaluateAll((nodes) =>
			nodes.map((node) => node.querySelector('[class*="_subtitle_"]')?.textContent?.trim() ?? ''),
		);
		return { names, subtitles };
	}

	test('opens every example: nodes drawn, subtitles without "undefined"', async () => {
		for (const { file, workflow } of examples) {
			const { names, subtitles } = await openWorkflow(workflow.id);
			const expected = (workflow.nodes as Array<{ type: string; name: string }>)
				.filter((node) => node.type.startsWith(`${PACKAGE_NAME}.`))
				.map((node) => node.name);
			expect({ file, names: [...names].sort() }).toEqual({ file, names: [...expected].sort() });
			for (const subtitle of subtitles) expect({ file, subtitle }).toEqual({ file, subtitle: expect.not.stringMatching(/undefined/i) });
			expect(await page.locator('[data-test-id="canvas"]').innerText()).not.toMatch(/undefined/i);
			if (file === 'match-then-enrich.json' || file === 'events-trigger.json') {
				await page.screenshot({ path: path.join(IMAGES, `example-${file.replace('.json', '')}.png`) });
			}
		}
	});

	test("opens every node's parameter panel for each resource and operation: the expected fields render", async () => {
		const { names, subtitles } = await openWorkflow(ALL_NODES_WORKFLOW);
		expect([...names].sort()).toEqual(allNodes.map((variant) => variant.node.name).sort());
		expect(subtitles.filter((subtitle) => subtitle === '' || /undefined/i.test(subtitle))).toEqual([]);
		for (const variant of allNodes) {
			await open(`/workflow/${ALL_NODES_WORKFLOW}/${variant.node.id}`);
			const panel = page.locator('[data-test-id="node-parameters"]');
			await panel.waitFor();
			const text = await panel.innerText();
			const missing = expectedFields(variant).filter((label) => !text.includes(label));
			expect({ node: variant.node.name, missing }).toEqual({ node: variant.node.name, missing: [] });
			expect(text).not.toMatch(/undefined/i);
		}
	});

	test('Search Businesses: Filters offers Categories and Category Type side by side, lists as text boxes', async () => {
		const search = examples.find((example) => example.file === 'search-businesses.json')!.workflow;
		const node = (search.nodes as Array<{ id: string; type: string }>).find((entry) => entry.type.endsWith('.searchBusinesses'))!;
		await open(`/workflow/${search.id}/${node.id}`);
		const panel = page.locator('[data-test-id="node-parameters"]');
		await panel.waitFor();
		await page.screenshot({ path: path.join(IMAGES, 'search-businesses.png') });
		await panel.locator('[data-test-id="collection-parameter-add"]').first().click();
		const offered = await page.getByRole('option').allInnerTexts();
		const names = offered.map((text) => text.trim());
		// (Countries and Company Size are set in the example, so not offered again)
		expect(names).toEqual(expect.arrayContaining(['Categories', 'Category Type', 'Cities', 'Regions', 'Technologies']));
		// the earlier Category field and the text fields the pickers replaced are kept for saved workflows, never offered
		expect(names.filter((name) => name.startsWith('Category (') || name.includes('(Earlier Form)'))).toEqual([]);
		await page.keyboard.press('Escape');
	});

	test('Match Prospects previews a field the contact lacks as empty, not as a red "[undefined]"', async () => {
		await open(`/workflow/${MATCH_PREVIEW_WORKFLOW}/preview-match`);
		const panel = page.locator('[data-test-id="node-parameters"]');
		await panel.waitFor();
		// the previews are drawn from the pinned contact: its e-mail address shows under E-mail
		await panel.getByText(PREVIEW_CONTACT.email).first().waitFor();
		await page.screenshot({ path: path.join(IMAGES, 'match-prospects-preview.png') });
		const text = await panel.innerText();
		expect(text).not.toContain('[undefined]');
		expect(text).toContain('[empty]');
	});

	test('Search Businesses: the Technologies picker lists the service\'s values as you type', async () => {
		const search = allNodes.find((variant) => variant.type instanceof SearchBusinesses)!;
		await open(`/workflow/${ALL_NODES_WORKFLOW}/${search.node.id}`);
		const panel = page.locator('[data-test-id="node-parameters"]');
		await panel.waitFor();
		await panel.locator('[data-test-id="collection-parameter-add"]').first().click();
		await page.getByRole('option', { name: 'Technologies', exact: true }).click();
		await panel.getByText('Add Technology').first().click();
		sandbox.clearRequests();
		await panel.locator('[data-test-id="rlc-input"]').first().click();
		// the list opens with the first values, its search box focused
		const items = page.locator('[data-test-id="rlc-item"]');
		await items.first().waitFor();
		await page.locator('[data-test-id="rlc-search"]').first().waitFor();
		await page.keyboard.type('sales');
		const shown = async () => (await items.allInnerTexts()).map((text) => text.trim());
		for (let waited = 0; waited < 15_000 && (await shown()).join() !== 'Salesforce'; waited += 250) await page.waitForTimeout(250);
		expect(await shown()).toEqual(['Salesforce']);
		await page.screenshot({ path: path.join(IMAGES, 'filter-picker.png') });
		const queries = sandbox.requests.filter((r) => r.path === '/v1/businesses/autocomplete').map((r) => r.query);
		expect(queries).toContainEqual({ field: 'company_tech_stack_tech', query: 'sales' });
		await page.keyboard.press('Escape');
	});

	test('Search Businesses: a workflow saved with the earlier text boxes shows their values, editable', async () => {
		await open(`/workflow/${EARLIER_FILTERS_WORKFLOW}/${EARLIER_NODE_ID}`);
		const panel = page.locator('[data-test-id="node-parameters"]');
		await panel.waitFor();
		await panel.getByText('Cities (Earlier Form)').first().waitFor();
		const text = await panel.innerText();
		expect(text).toContain('Technologies (Earlier Form)');
		const boxes = await panel.locator('textarea').evaluateAll((nodes) => nodes.map((node) => (node as unknown as { value: string }).value));
		expect(boxes).toEqual(expect.arrayContaining(['Austin, Texas, us\nSeattle, Washington, us', 'Salesforce']));
	});

	/** The credential's dialog, opened from Search Businesses' panel as a user would. */
	async function openCredentialDialog() {
		const search = allNodes.find((variant) => variant.type instanceof SearchBusinesses)!;
		await open(`/workflow/${ALL_NODES_WORKFLOW}/${search.node.id}`);
		await page.locator('[data-test-id="node-parameters"]').waitFor();
		await page.locator('[data-test-id="credential-edit-button"]').first().click();
		const dialog = page.locator('[data-test-id="credential-edit-dialog"]');
		await dialog.waitFor();
		return dialog;
	}

	test('the credential dialog explains Base URL where it is typed', async () => {
		const dialog = await openCredentialDialog();
		await dialog.getByText('API Key').first().waitFor();
		await page.screenshot({ path: path.join(IMAGES, 'credential.png') });
		const text = await dialog.innerText();
		for (const label of ['API Key', 'Base URL', 'Partner ID', 'Max Requests per Minute']) expect(text).toContain(label);
		// what Base URL must be, written under the field (a description would hide in a tooltip)
		expect(text).toContain(BASE_URL_HINT);
		await page.keyboard.press('Escape');
	});

	test('the credential test says why a plain-http Base URL on another machine is refused', async () => {
		const dialog = await openCredentialDialog();
		const baseUrl = dialog.locator('[data-test-id="parameter-input-baseUrl"] input').first();
		const save = async () => await page.locator('[data-test-id="credential-save-button"]').click();
		// 0.0.0.0 reaches the sandbox on Linux: a key sent anyway would arrive there
		const elsewhere = sandbox.url.replace('127.0.0.1', '0.0.0.0');
		const refusal = normalizeBaseUrl(elsewhere) as { error: string };
		const before = sandbox.requests.length;
		try {
			await baseUrl.fill(elsewhere);
			await save();
			// n8n's banner, then our reason behind its "More details"
			await dialog.getByText('More details').click({ timeout: 20_000 });
			await dialog.getByText(refusal.error).waitFor();
			await page.screenshot({ path: path.join(IMAGES, 'credential-refused.png') });
			expect(await dialog.innerText()).not.toContain('ERR_INVALID_URL');
			// nothing reached the sandbox by the refused address (opening the dialog tests the saved one)
			expect(sandbox.requests.slice(before).filter((request) => String(request.headers.host).startsWith('0.0.0.0'))).toEqual([]);
		} finally {
			// the other tests use this credential: back to the sandbox, which the test then reaches
			await baseUrl.fill(sandbox.url);
			await save();
		}
		await dialog.locator('[data-test-id="credentials-config-container-test-success"]').waitFor({ timeout: 20_000 });
		await page.keyboard.press('Escape');
	});

	test(`the node creator finds every node by "${SERVICE_NAME}" and by the words users type`, async () => {
		await openWorkflow(examples.find((example) => example.file === 'match-then-enrich.json')!.workflow.id);
		const expected = NODE_TYPES.map((type) => type.description.displayName).sort();
		const search = async (words: string): Promise<string[]> => {
			const bar = page.locator('[data-test-id="node-creator-search-bar"]');
			if (!(await bar.isVisible())) {
				await page.locator('[data-test-id="node-creator-plus-button"]').click();
				await bar.waitFor();
			}
			await bar.fill(words);
			await page.waitForTimeout(500);
			const found = await page.locator('[data-test-id="node-creator-item-name"]').allInnerTexts();
			return found.map((name) => name.trim());
		};
		const byService = await search(SERVICE_NAME);
		expect(byService.filter((name) => expected.includes(name)).sort()).toEqual(expected);
		await page.screenshot({ path: path.join(IMAGES, 'node-creator.png') });
		for (const [words, nodes] of [
			['business prospect', expected],
			['lead enrichment', ['Enrich']],
			['watch list', ['Business Events Trigger', 'Manage Enrollment']],
			['contact matching', ['Match Prospects']],
			['firmographics', expected],
		] as const) {
			const found = await search(words);
			expect({ words, missing: nodes.filter((name) => !found.includes(name)) }).toEqual({ words, missing: [] });
		}
	});

	test('no console errors on any page', () => {
		expect(consoleErrors).toEqual([]);
	});
});
