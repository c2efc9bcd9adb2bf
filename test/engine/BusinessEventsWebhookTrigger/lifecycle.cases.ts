/**
 * The Business Events Webhook Trigger at the typeVersion that speaks one API version shows Replace
 * Existing Registration: lifecycle.test.ts runs this case on v2, lifecycle.v1.test.ts on v1
 * (retiring v1 deletes that file).
 */
import type { ApiVersion } from '../../../nodes/shared/api';
import { typeVersionFor } from '../harness/apiVersions';
import { trigger } from './setup';

export function replaceOptionCases(api: ApiVersion): void {
	test('Replace Existing Registration at both versions (version 2 on a credential set to v1 needs it too)', () => {
		const typeVersion = typeVersionFor('businessEventsWebhookTrigger', api);
		const shown = trigger.description.properties.filter(
			(property) =>
				property.name === 'options' && ((property.displayOptions?.show?.['@version'] as number[] | undefined)?.includes(typeVersion) ?? true),
		);
		expect(shown.flatMap((property) => (property.options as Array<{ name: string }>).map((option) => option.name))).toEqual(
			['replaceExisting', 'simulateEvent'],
		);
	});
}
