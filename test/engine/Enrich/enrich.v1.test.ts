/**
 * Enrich on API v1 (enrich.cases.ts at node version 1, the newest that speaks v1 at Per Node
 * Version): all business enrichments at once, and prospect contact information with the profile.
 * Retiring v1 deletes this file (docs/development.md, "Retiring API v1"); set-up and helpers in
 * setup.ts.
 */
import { allBusinessEnrichmentsCases, prospectContactCases } from './enrich.cases';
import { setUpSandbox } from './setup';

setUpSandbox();

describe('Enrich: all thirteen new business enrichments at once, API v1', () => allBusinessEnrichmentsCases('v1'));
describe('Enrich on API v1', () => prospectContactCases('v1'));
