import { config } from '@n8n/node-cli/eslint';
import { globalIgnores } from 'eslint/config';

// test/ and scripts/ are development tooling (sandbox server, harnesses) that runs outside n8n
// and needs timers, process and node:http; everything that ships is linted with the official rules.
export default [globalIgnores(['test/**', 'scripts/**']), ...config];
