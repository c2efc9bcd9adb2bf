/**
 * The webhook secret at rest. n8n keeps workflow static data in clear in its database (the
 * sqlite file of the user folder), so the trigger stores the secret there only sealed: AES-256-GCM
 * under a key derived (HKDF-SHA256, a fresh random salt per seal) from the credential's API key,
 * which n8n itself stores encrypted with its own encryption key. Whoever reads the database
 * without the credential (a backup, a copied file, an export of the workflow) gets no secret.
 * The registration (partner and URL) is authenticated data: a box copied to another
 * registration does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'crypto';

/** What static data holds: base64 text only, and nothing that reveals the secret. */
export interface SealedSecret {
	/** format version */
	v: 1;
	salt: string;
	iv: string;
	tag: string;
	data: string;
}

const INFO = 'n8n-nodes-business-prospect-data/webhook-secret/v1';

function keyOf(apiKey: string, salt: Buffer): Buffer {
	return Buffer.from(hkdfSync('sha256', Buffer.from(apiKey.trim(), 'utf8'), salt, INFO, 32));
}

/** Seals the secret for one registration (`binding`: its partner and URL). */
export function sealSecret(secret: string, apiKey: string, binding: string): SealedSecret {
	const salt = randomBytes(16);
	const iv = randomBytes(12);
	const cipher = createCipheriv('aes-256-gcm', keyOf(apiKey, salt), iv);
	cipher.setAAD(Buffer.from(binding, 'utf8'));
	const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
	return {
		v: 1,
		salt: salt.toString('base64'),
		iv: iv.toString('base64'),
		tag: cipher.getAuthTag().toString('base64'),
		data: data.toString('base64'),
	};
}

export function isSealedSecret(value: unknown): value is SealedSecret {
	const box = value as Partial<SealedSecret> | undefined;
	return (
		typeof box === 'object' &&
		box !== null &&
		box.v === 1 &&
		[box.salt, box.iv, box.tag, box.data].every((part) => typeof part === 'string')
	);
}

/** The secret, or undefined when the box does not open (another API key, another registration, tampered). */
export function openSecret(box: unknown, apiKey: string, binding: string): string | undefined {
	if (!isSealedSecret(box)) return undefined;
	try {
		const decipher = createDecipheriv('aes-256-gcm', keyOf(apiKey, Buffer.from(box.salt, 'base64')), Buffer.from(box.iv, 'base64'));
		decipher.setAAD(Buffer.from(binding, 'utf8'));
		decipher.setAuthTag(Buffer.from(box.tag, 'base64'));
		return Buffer.concat([decipher.update(Buffer.from(box.data, 'base64')), decipher.final()]).toString('utf8');
	} catch {
		return undefined;
	}
}
