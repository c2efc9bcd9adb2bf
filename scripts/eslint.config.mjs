import { globalIgnores } from 'eslint/config';

// The scripts (npm start, npm test, provisioning, the release check, the scan) run on Node, never
// inside n8n: they need child_process, the file system and timers, which the community-node rules
// of the root config rightly forbid in what ships. `npm run lint` looks up the nearest config per
// file (ESLINT_FLAGS=unstable_config_lookup_from_file, ESLint 10's default), so this folder is
// left out and the root keeps n8n's unchanged two-line config, as strict mode requires.
export default [globalIgnores(['**/*'])];
