/**
 * Check Credits, Get Usage, on API v1 (the credential set to v1): getUsage.test.ts's cases on v1.
 * Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import { getUsageCases } from './getUsage.cases';
import { setUpSandbox } from './setup';

setUpSandbox();

describe('Get Usage, API v1', () => getUsageCases('v1', { endpoint: '/v1/businesses/firmographics/bulk_enrich' }));
