import { config } from '@n8n/node-cli/eslint';
import { globalIgnores } from 'eslint/config';

// The official community-node config, unchanged, for everything that ships (nodes/, credentials/,
// package.json). test/ and scripts/ are development tooling run by Node, not by n8n: the sandbox
// server, the n8n harnesses and the scripts need node:http, child_process and timers, which the
// cloud rules rightly forbid in node code. `n8n-node lint` strict mode accepts only the two-line
// config, so package.json sets "strict": false; CI runs this config with zero warnings allowed.
export default [globalIgnores(['test/**', 'scripts/**']), ...config];
