/**
 * API v1's cases of the webhook trigger's receiving (webhookReceive.cases.ts with v1's partner
 * webhook stored): retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import { webhookReceiveCases } from './webhookReceive.cases';

describe('API v1', () => webhookReceiveCases('v1'));
