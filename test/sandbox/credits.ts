/**
 * The credit ledger of each API key ([CONS] in rate-limits.md: a credit is one enriched row,
 * counted per row on calls and on jobs). The enrichment endpoints, v1's bulk_enrich and v2's
 * enrich (the catalog paths ending so), debit one credit per id they return data for, as a job's
 * credit_usage counts (v2/jobs/handlers.ts); a v2 job debits its rows when it is submitted and
 * gives them back when it is cancelled, and one that will fail debits nothing. A request whose
 * rows exceed what remains is refused with 403 and debits nothing (the v1 error page: 403 for
 * insufficient credits; [I] the service's exact rule and wording are not published).
 */
import type { EndpointDefinition } from '../../nodes/shared/api';
import { generalError } from './errors';

export type AccountType = 'trial' | 'paid';

export interface CreditOptions {
	/** credits the key is given (DEFAULT_CREDITS.allocated when unset) */
	allocated?: number;
	accountType?: AccountType;
}

/** Enough that no test or benchmark runs out unless it sets a smaller allocation. */
export const DEFAULT_CREDITS: Required<CreditOptions> = { allocated: 1_000_000, accountType: 'paid' };

/** One debit: when, for which endpoint path, how many credits, and the job it reserves for. */
export interface CreditEntry {
	at: Date;
	endpoint: string;
	credits: number;
	jobId?: string;
}

export const insufficientCredits = (needed: number, remaining: number, correlationId: string) =>
	generalError(403, `Insufficient credits: this request needs ${needed} and ${remaining} remain`, correlationId);

export class CreditLedger {
	readonly entries: CreditEntry[] = [];

	constructor(
		readonly allocated: number,
		readonly accountType: AccountType,
	) {}

	get used(): number {
		return this.entries.reduce((sum, entry) => sum + entry.credits, 0);
	}

	get remaining(): number {
		return this.allocated - this.used;
	}

	/** Debits the entry, or throws the 403 when fewer credits remain than it needs. */
	debit(entry: CreditEntry, correlationId: string): void {
		if (entry.credits > this.remaining) throw insufficientCredits(entry.credits, this.remaining, correlationId);
		if (entry.credits > 0) this.entries.push(entry);
	}

	/** Gives back what a job reserved (it was cancelled before it ran to the end). */
	refund(jobId: string): void {
		const index = this.entries.findIndex((entry) => entry.jobId === jobId);
		if (index >= 0) this.entries.splice(index, 1);
	}
}

/** One ledger per API key, each starting with the allocation; a new allocation starts every key afresh. */
export class CreditLedgers {
	private options = DEFAULT_CREDITS;
	private readonly byKey = new Map<string, CreditLedger>();

	constructor(options: CreditOptions | undefined) {
		this.configure(options);
	}

	configure(options: CreditOptions | undefined): void {
		this.options = { ...DEFAULT_CREDITS, ...options };
		this.byKey.clear();
	}

	of(apiKey: string): CreditLedger {
		let ledger = this.byKey.get(apiKey);
		if (!ledger) {
			ledger = new CreditLedger(this.options.allocated, this.options.accountType);
			this.byKey.set(apiKey, ledger);
		}
		return ledger;
	}
}

/** The endpoints that bill per enriched row: v1's bulk enrichments and v2's sync enrichments. */
export const billsRows = (definition: EndpointDefinition): boolean => /\/(?:bulk_)?enrich$/.test(definition.path);

/** The ids an enrichment answer has data for (its rows' business_id or prospect_id, once each). */
export function enrichedIds(definition: EndpointDefinition, answer: unknown): number {
	const idField = definition.batch?.key === 'business_ids' ? 'business_id' : 'prospect_id';
	const rows = (answer as { data?: Array<Record<string, unknown>> }).data ?? [];
	return new Set(rows.map((row) => row[idField])).size;
}
