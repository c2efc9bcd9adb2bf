import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_BUSINESS_EVENT_TYPES, DEFAULT_PROSPECT_EVENT_TYPES, readEventTypes } from '../../shared/eventTypes';
import { parseIdList } from '../../shared/idList';
import { idProblem, showValue } from '../../shared/inputRules';
import { type ApiVersion, BUSINESS_ID_RULE, dialectFor } from '../../shared/api';
import { fetchBusinessEnrollments, fetchProspectEnrollments, LISTED_ON_V2 } from '../../shared/methods';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

/** Whose events are watched: businesses or prospects. */
export type WatchedEntity = 'business' | 'prospect';

/** What one poll watches: unique business or prospect ids and the event types to ask for. */
export interface WatchedSource {
	entity: WatchedEntity;
	ids: string[];
	eventTypes: string[];
	/** names the source in messages: "these businesses", "these prospects" or the enrollment key */
	label: string;
}

const unique = (values: string[]) => [...new Set(values)];

function configurationError(ctx: IPollFunctions, message: string, description: string) {
	return new NodeOperationError(ctx.getNode(), message, {
		description,
		failure: { cause: 'configuration-invalid' },
	});
}

/** Checks the ids before anything is sent: at least one, each 32 lowercase hexadecimal characters. */
export function checkBusinessIds(ctx: IPollFunctions, ids: string[], where: string): string[] {
	if (ids.length === 0) {
		throw configurationError(
			ctx,
			`No business IDs to watch in ${where}`,
			'Enter at least one business ID, or use an expression that returns a list of IDs.',
		);
	}
	// the same rule as every node that takes business ids (inputRules.idProblem)
	const invalid = ids.findIndex((id) => idProblem(id, 'business') !== undefined);
	if (invalid !== -1) {
		throw configurationError(
			ctx,
			`Business ID ${showValue(ids[invalid])} (number ${invalid + 1} in ${where}) ${BUSINESS_ID_RULE}`,
			'Business IDs look like 3f2a9c0d1e4b5a6f7c8d9e0f1a2b3c4d. Search Businesses returns them in business_id.',
		);
	}
	return ids;
}

/** Checks prospect ids before anything is sent: at least one, each a plausible id (no spaces, not too long). */
export function checkProspectIds(ctx: IPollFunctions, ids: string[], where: string): string[] {
	if (ids.length === 0) {
		throw configurationError(
			ctx,
			`No prospect IDs to watch in ${where}`,
			'Enter at least one prospect ID, or use an expression that returns a list of IDs.',
		);
	}
	for (const [index, id] of ids.entries()) {
		const problem = idProblem(id, 'id');
		if (problem) {
			throw configurationError(
				ctx,
				`Prospect ID number ${index + 1} in ${where}: ${problem}`,
				'Match Prospects returns prospect IDs in prospect_id.',
			);
		}
	}
	return ids;
}

/** The event types of the parameters (multi-select plus Other Event Types), at least one. */
function parameterEventTypes(ctx: IPollFunctions, parameter: string, defaults: string[]): string[] {
	const types = readEventTypes(ctx.getNodeParameter(parameter, defaults), ctx.getNodeParameter('options.otherEventTypes', ''));
	if (!types.ok) {
		throw configurationError(ctx, types.problem, 'Select event types, or type them separated by commas.');
	}
	if (types.value.length === 0) {
		throw configurationError(
			ctx,
			'No event types to watch',
			'Select at least one event type, or add one under Options > Other Event Types.',
		);
	}
	return types.value;
}

/** What to do about an enrollment the list lacks (on v2, one made on v1 is not listed). */
const notListedHint = (version: ApiVersion) =>
	`Pick an existing enrollment from the list, or create one with the Manage Enrollment node.${dialectFor(version).enrollments.listsOnlyOwn ? ` ${LISTED_ON_V2}.` : ''}`;

/** The watched prospects of a prospect enrollment, read again on every poll, on the poll's API version. */
async function prospectEnrollmentSource(ctx: IPollFunctions, version: ApiVersion): Promise<WatchedSource> {
	const enrollmentId = String(ctx.getNodeParameter('prospectEnrollment', '', { extractValue: true }) ?? '').trim();
	if (enrollmentId === '') {
		throw configurationError(ctx, 'No enrollment selected', 'Pick a prospect enrollment from the list.');
	}
	const enrollment = (await fetchProspectEnrollments(ctx, version)).find((entry) => entry.enrollment_id === enrollmentId);
	if (!enrollment) {
		throw configurationError(ctx, `The prospect enrollment "${enrollmentId}" does not exist (or is no longer active)`, notListedHint(version));
	}
	const label = `prospect enrollment "${enrollment.enrollment_key || enrollment.enrollment_id}"`;
	const eventTypes = unique(enrollment.event_types.map((type) => type.trim()).filter(Boolean));
	if (eventTypes.length === 0) {
		throw configurationError(ctx, `The ${label} has no event types`, 'Update the enrollment with at least one event type.');
	}
	const ids = unique(enrollment.prospect_ids.map((id) => id.trim()).filter(Boolean));
	return { entity: 'prospect', ids: checkProspectIds(ctx, ids, `the ${label}`), eventTypes, label };
}

/**
 * Reads the watched businesses or prospects and event types from the parameters, or from the
 * enrollment as the poll's API version lists it (v1 unless named).
 */
export async function resolveWatchedSource(ctx: IPollFunctions, version: ApiVersion = DEFAULT_API_VERSION): Promise<WatchedSource> {
	const source = ctx.getNodeParameter('source', 'ids') as string;
	if (source === 'prospectEnrollment') return await prospectEnrollmentSource(ctx, version);
	if (source === 'prospectIds') {
		const parsed = parseIdList(ctx.getNodeParameter('prospectIds', ''));
		if ('error' in parsed) {
			throw configurationError(ctx, `Prospect IDs ${parsed.error}`, 'Enter IDs separated by commas, or map a list of IDs.');
		}
		return {
			entity: 'prospect',
			ids: checkProspectIds(ctx, parsed.ids, 'Prospect IDs'),
			eventTypes: parameterEventTypes(ctx, 'prospectEventTypes', [...DEFAULT_PROSPECT_EVENT_TYPES]),
			label: 'these prospects',
		};
	}
	if (source === 'enrollment') {
		const enrollmentId = String(ctx.getNodeParameter('enrollment', '', { extractValue: true }) ?? '').trim();
		if (enrollmentId === '') {
			throw configurationError(ctx, 'No enrollment selected', 'Pick a business enrollment from the list.');
		}
		const enrollment = (await fetchBusinessEnrollments(ctx, version)).find((entry) => entry.enrollment_id === enrollmentId);
		if (!enrollment) {
			throw configurationError(ctx, `The business enrollment "${enrollmentId}" does not exist (or is no longer active)`, notListedHint(version));
		}
		const label = `enrollment "${enrollment.enrollment_key || enrollment.enrollment_id}"`;
		const eventTypes = unique(enrollment.event_types.map((type) => type.trim()).filter(Boolean));
		if (eventTypes.length === 0) {
			throw configurationError(ctx, `The ${label} has no event types`, 'Update the enrollment with at least one event type.');
		}
		const ids = unique(enrollment.business_ids.map((id) => id.trim()).filter(Boolean));
		return { entity: 'business', ids: checkBusinessIds(ctx, ids, `the ${label}`), eventTypes, label };
	}

	const parsed = parseIdList(ctx.getNodeParameter('businessIds', ''));
	if ('error' in parsed) {
		throw configurationError(ctx, `Business IDs ${parsed.error}`, 'Enter IDs separated by commas, or map a list of IDs.');
	}
	const businessIds = checkBusinessIds(ctx, parsed.ids, 'Business IDs');
	const eventTypes = parameterEventTypes(ctx, 'eventTypes', [...DEFAULT_BUSINESS_EVENT_TYPES]);
	return { entity: 'business', ids: businessIds, eventTypes, label: 'these businesses' };
}

/**
 * A short fingerprint of what is watched (djb2), so a changed configuration restarts a fetch
 * cycle. Business sources keep the fingerprint they had before prospects could be watched.
 */
export function watchKey(source: WatchedSource): string {
	const prefix = source.entity === 'prospect' ? 'prospect|' : '';
	const text = `${prefix}${[...source.ids].sort().join(',')}|${[...source.eventTypes].sort().join(',')}`;
	let hash = 5381;
	for (let index = 0; index < text.length; index++) hash = ((hash * 33) ^ text.charCodeAt(index)) >>> 0;
	return `${source.ids.length}:${hash.toString(36)}`;
}
