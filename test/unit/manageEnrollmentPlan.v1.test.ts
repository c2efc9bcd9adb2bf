/** API v1's cases of manageEnrollmentPlan.test.ts (manageEnrollmentPlan.cases.ts on v1): retiring v1 deletes this file (docs/development.md, "Retiring API v1"). */
import { manageEnrollmentPlanCases } from './manageEnrollmentPlan.cases';

describe('API v1', () => manageEnrollmentPlanCases('v1'));
