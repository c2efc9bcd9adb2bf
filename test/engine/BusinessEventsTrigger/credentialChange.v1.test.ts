/**
 * The Business Events Trigger's credential read again at each poll of one activation
 * (credentialChange.cases.ts), on API v1 (trigger version 1 at Per Node Version; retiring v1
 * deletes this file: docs/development.md, "Retiring API v1"). Set-up: setup.ts.
 */
import { credentialChangeCases } from './credentialChange.cases';
import { sandbox, setUpSandbox } from './setup';

setUpSandbox({ rateLimit: false });

afterEach(() => sandbox.configure({ apiKey: undefined }));

describe('API v1', () => credentialChangeCases('v1'));
