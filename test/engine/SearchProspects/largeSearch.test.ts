/**
 * Search Prospects' large searches: the sandbox serves 60,500 prospects to a search, each id once.
 * The searches up to the service's 60,000 records on API v1 (node versions 1 and 2):
 * largeSearch.v1.test.ts.
 */
import { useSandbox } from '../harness';

const SERVED = 60_500;

const sandbox = useSandbox({ searchableProspects: SERVED, rateLimit: false }, (started) => started.configure({ searchShift: 0 }));

const servedIds = () => sandbox.universe.searchProspects().map((entry) => entry.prospect.prospect_id);

test(`the sandbox serves ${SERVED} prospects to a search, each id once`, () => {
	const ids = servedIds();
	expect(ids).toHaveLength(SERVED);
	expect(new Set(ids).size).toBe(SERVED);
});
