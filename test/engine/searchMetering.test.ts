/**
 * The paged searches tell their cost as the batched nodes do (batching/cost.ts, issue 28), on API
 * v2 (searchMetering.cases.ts; on v1: searchMetering.v1.test.ts): a search that needs more than a
 * minute of the key's queries says so once its first page tells the total (not before: the total is
 * not known before), progress counts the pages done, and the queries spent are told after. The
 * sandbox meters a scaled window (30 queries in 2 seconds, told to the client by its headers), so
 * the figures are those of a key of 30 queries a minute.
 */
import { costTiming } from '../../nodes/shared/batching/cost';
import { returnAllCostCases, setUpSandbox } from './searchMetering.cases';

setUpSandbox();

beforeEach(() => (costTiming.progressEveryMs = 0));
afterAll(() => (costTiming.progressEveryMs = 60_000));

describe('Search Businesses on API v2', () => returnAllCostCases('v2'));
