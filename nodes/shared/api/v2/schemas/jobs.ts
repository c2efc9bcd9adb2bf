/**
 * API v2 async enrichment job bodies (v2-migration-research.md §7, §14, "Async (`/job`)"): the
 * dataset upload's multipart fields, and each enrichment's `/job` body, which takes the uploaded
 * dataset's `list_id` (inline ids are rejected) and the same `parameters` as its sync `/enrich`.
 * Status and cancel take no body. Like every v2 body, these reject unknown keys.
 */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { idSchema } from './fields';

/** What a dataset holds: business ids or prospect ids (the upload's `entity_type`). */
export const DATASET_ENTITY_TYPES = ['business', 'prospect'] as const;
export type DatasetEntityType = (typeof DATASET_ENTITY_TYPES)[number];

/** The states of a job (research §7, step 3). */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** States a job never leaves. */
export const FINAL_JOB_STATES: ReadonlySet<JobState> = new Set(['succeeded', 'failed', 'cancelled', 'expired']);

/**
 * POST /v2/async/entity-id-datasets/upload, multipart/form-data: all four fields required. `file`
 * is the CSV's text (the client sends it as a file part; the sandbox reads it back as text).
 */
export const uploadDatasetBody = z
	.object({
		file: z.string().min(1, 'must not be empty'),
		entity_type: z.enum(DATASET_ENTITY_TYPES),
		name: z
			.string()
			.trim()
			.min(1, 'must not be empty')
			.max(LIMITS.datasetNameLength, `must be at most ${LIMITS.datasetNameLength} characters`),
		description: z
			.string()
			.max(LIMITS.datasetDescriptionLength, `must be at most ${LIMITS.datasetDescriptionLength} characters`),
	})
	.strict();

/** [I] `on` lists the outcomes that send an e-mail; the research names the values, not the shape's optionality. */
const notifications = z
	.object({
		email: z
			.object({
				enabled: z.boolean(),
				on: z.array(z.enum(['success', 'failure'])).optional(),
			})
			.strict()
			.optional(),
	})
	.strict();

/**
 * The `/job` body of an enrichment whose sync body is `syncBody`: its `parameters` (required
 * where the sync one requires them: keywords, month_period), with `list_id` in place of the ids.
 */
export const jobBodyOf = (syncBody: z.AnyZodObject) =>
	z
		.object({
			list_id: idSchema,
			parameters: syncBody.shape.parameters as z.ZodTypeAny,
			notifications: notifications.optional(),
		})
		.strict();
