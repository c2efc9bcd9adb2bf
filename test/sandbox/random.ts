/**
 * Seeded randomness. The sandbox never calls Math.random: the same seed must give the same
 * universe, ids and fault pattern on every machine, so tests can assert exact values.
 */

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** FNV-1a, 32 bit: a stable hash of any string (used to derive seeds and per-input decisions). */
export function hashString(text: string): number {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	return hash >>> 0;
}

/** mulberry32: tiny, fast and good enough for test data (not for cryptography). */
export class Random {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	/**
	 * An independent stream for one part of the universe, so adding data to one part (say, more
	 * prospects) does not shift the values drawn for another (the businesses).
	 */
	static derive(seed: number, ...labels: Array<string | number>): Random {
		return new Random(hashString(`${seed}/${labels.join('/')}`));
	}

	/** A float in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	}

	/** An integer in [min, max], both inclusive. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	chance(probability: number): boolean {
		return this.next() < probability;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	/** Picks by relative weight. */
	weighted<T>(items: readonly T[], weightOf: (item: T) => number): T {
		const total = items.reduce((sum, item) => sum + weightOf(item), 0);
		let roll = this.next() * total;
		for (const item of items) {
			roll -= weightOf(item);
			if (roll < 0) return item;
		}
		return items[items.length - 1];
	}

	/** `count` distinct elements, in random order. */
	sample<T>(items: readonly T[], count: number): T[] {
		const pool = [...items];
		const result: T[] = [];
		while (result.length < count && pool.length > 0) {
			result.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
		}
		return result;
	}

	/** `length` lowercase hexadecimal characters. */
	hex(length: number): string {
		let text = '';
		while (text.length < length) {
			const word = (this.next() * 0x1_0000_0000) >>> 0;
			text +=
				HEX_BYTES[word >>> 24] +
				HEX_BYTES[(word >>> 16) & 0xff] +
				HEX_BYTES[(word >>> 8) & 0xff] +
				HEX_BYTES[word & 0xff];
		}
		return text.length === length ? text : text.slice(0, length);
	}

	/** A version-4-shaped UUID (for correlation and enrollment ids). */
	uuid(): string {
		const hex = this.hex(32);
		const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
		return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
	}
}
