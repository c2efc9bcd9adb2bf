import type { IDataObject } from 'n8n-workflow';

import { matchOutput as sharedMatchOutput } from '../../shared/matching';

export { MATCH_INPUT_KEY } from '../../shared/matching';

/** One output item of Match Prospects (see matchOutput in nodes/shared/matching.ts). */
export const matchOutput = (
	inputJson: IDataObject,
	result: IDataObject,
	sent: IDataObject,
	includeInputFields: boolean,
	warnings: string[] = [],
): IDataObject => sharedMatchOutput('prospect_id', inputJson, result, sent, includeInputFields, warnings);
