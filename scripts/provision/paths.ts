/**
 * Where provisioned tools live: outside the repository, so they survive fresh clones, and keyed by
 * version below this root (`node-24`, `n8n-2.41.1`, ...).
 */
import os from 'node:os';
import path from 'node:path';

/** `$XDG_CACHE_HOME/n8n-nodes-business-prospect-data`, or `~/.cache/...` when XDG_CACHE_HOME is unset. */
export function cacheRoot(): string {
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-business-prospect-data');
}
