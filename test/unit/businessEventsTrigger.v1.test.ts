/**
 * API v1's cases of businessEventsTrigger.test.ts (businessEventsTrigger.cases.ts on v1): retiring
 * v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import { businessEventsTriggerCases } from './businessEventsTrigger.cases';

describe('API v1', () => businessEventsTriggerCases('v1'));
