/**
 * Check Credits, Get Usage, through n8n-core's WorkflowExecute against the sandbox on API v2
 * (getUsage.v1.test.ts: on v1): the exact request (the period in UTC, read in the request's time
 * zone; the defaults: the last 30 days in the workflow's time zone), items asking the same period
 * sharing one request, the usage of an enrichment by day, hour and endpoint, and bad periods
 * refused before any request with the item, the field and the rule (Continue on Fail keeps the
 * other items).
 */
import { getUsageCases } from './getUsage.cases';
import { setUpSandbox } from './setup';

setUpSandbox();

describe('Get Usage, API v2', () => getUsageCases('v2', { endpoint: '/v2/businesses/firmographics/enrich' }));
