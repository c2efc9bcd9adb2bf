/**
 * The limits API v1 sets differently from v2 (LIMITS in ../v2/limits.ts): every other limit is the
 * same in both versions and read from LIMITS, so a value is written once.
 */
export const V1_LIMITS = {
	/** search: records per page */
	searchPageSize: { min: 1, max: 100 },
	/** prospect ids per prospect enrollment: the contract sets no limit (undefined = unbounded) */
	prospectEnrollmentIds: undefined,
	/** prospects per match request (the stricter of the contract and the published reference) */
	matchItems: 40,
} as const;
