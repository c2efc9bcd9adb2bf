/** The v2 async job flow for large enrichments: see enrichment.ts (the path choice) and runJob.ts (the flow). */
export { DEFAULT_JOB_THRESHOLD, type EnrichmentOptions, type EnrichmentRun, largestGroup, runEnrichment, usesJob, withEnrichmentsCost } from './enrichment';
export { type CreditUsage, JOB_DEFAULTS, type JobOptions, type JobProgress, type JobRequest, type JobRun, type JobSummary, runEnrichmentJob } from './runJob';
