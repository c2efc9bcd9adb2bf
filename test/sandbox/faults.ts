/**
 * Simulated infrastructure failures, decided per request before anything else (as a load
 * balancer or a crashing worker would fail a request regardless of its content).
 */
import type { FaultOptions, FaultStep } from './options';
import { Random } from './random';

export class Faults {
	private sequence: FaultStep[] = [];
	private errorRate = 0;
	private dropRate = 0;

	constructor(private random: Random) {}

	/** Replaces the whole fault setup (an unfinished sequence is discarded). */
	configure(options: FaultOptions = {}): void {
		if (options.seed !== undefined) this.random = Random.derive(options.seed, 'faults');
		this.sequence = [...(options.sequence ?? [])];
		this.errorRate = options.errorRate ?? 0;
		this.dropRate = options.dropRate ?? 0;
	}

	/** Steps of the sequence not yet consumed. */
	get pending(): readonly FaultStep[] {
		return this.sequence;
	}

	/** The fate of the next request. The generator is only drawn from when a rate is set. */
	next(): FaultStep {
		const scripted = this.sequence.shift();
		if (scripted !== undefined) return scripted;
		if (this.dropRate > 0 && this.random.chance(this.dropRate)) return 'drop';
		if (this.errorRate > 0 && this.random.chance(this.errorRate)) return this.random.chance(0.5) ? '500' : '503';
		return 'ok';
	}
}
