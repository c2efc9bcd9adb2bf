// Removes dist/ before a build, so files of renamed or deleted sources are never packed.
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
