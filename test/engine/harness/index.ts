/** Engine harness: run workflow JSON and poll triggers in-process on n8n-core's real engine. */
export { ITEMS_TYPE, MANUAL_TRIGGER_TYPE } from '../fixtures';
export type { BusinessProspectDataCredentials, EngineOptions, WorkflowJson, WorkflowNode } from './buildWorkflow';
export { type EngineError, EngineRun } from './engineRun';
export { NodeRegistry } from './nodeRegistry';
export { type PollOptions, type PollResult, runPoll } from './runPoll';
export { type RunOptions, runWorkflow } from './runWorkflow';
export { itemsNode, linearWorkflow, manualTriggerNode, onItems, packageNode } from './workflowJson';
export { runListSearch } from './listSearch';
export { sandboxCredentials, useSandbox } from './useSandbox';
