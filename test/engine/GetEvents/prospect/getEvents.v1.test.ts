/**
 * Get Events for prospects on API v1 (node version 1) in n8n-core's engine against the sandbox:
 * getEvents.cases.ts on v1; the defaults (the item's prospect_id, the contract's two change types,
 * 7 days back), no events, a type the service does not know, items without a prospect_id passed
 * over; the generated tool's request. Retiring v1 deletes this file (docs/development.md, "Retiring
 * API v1"). Set-up and shared helpers: ../setup.ts.
 */
import { setUpSandbox } from '../setup';
import { hundredProspectsCases, matchThenEventsCases, onEachVersion, prospectDefaultsCases, prospectToolCases } from './getEvents.cases';

setUpSandbox();
// every test here speaks v1: the node versions and the paths follow it (the default version today)
onEachVersion('v1');

describe('100 prospects across 120 input items, API v1', () => hundredProspectsCases('v1'));

describe('defaults and validation, API v1', () => prospectDefaultsCases('v1'));

describe('Match Prospects -> Get Events with default parameters, API v1', () => matchThenEventsCases('v1'));

describe('as a tool (n8n\'s generated Get Events Tool), API v1', () => prospectToolCases('v1'));
