/** API v1's cases of batchingEngine.test.ts (batchingEngine.cases.ts on v1): retiring v1 deletes this file (docs/development.md, "Retiring API v1"). */
import { batchingEngineCases } from './batchingEngine.cases';

describe('API v1', () => batchingEngineCases('v1'));
