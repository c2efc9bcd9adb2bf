/**
 * The Business Events Trigger's credential read again at each poll of one activation
 * (credentialChange.cases.ts), on API v2 (the trigger's first v2 version; on v1:
 * credentialChange.v1.test.ts). Set-up: setup.ts.
 */
import { credentialChangeCases } from './credentialChange.cases';
import { sandbox, setUpSandbox } from './setup';

setUpSandbox({ rateLimit: false });

afterEach(() => sandbox.configure({ apiKey: undefined }));

describe('API v2', () => credentialChangeCases('v2'));
