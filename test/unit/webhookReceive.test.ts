/**
 * The webhook trigger's receiving (webhookReceive.cases.ts) with its registration stored as v2
 * makes it: the trigger's own webhook, by id. With v1's partner webhook: webhookReceive.v1.test.ts.
 */
import { webhookReceiveCases } from './webhookReceive.cases';

describe('API v2', () => webhookReceiveCases('v2'));
