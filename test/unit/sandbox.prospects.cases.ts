/** What sandbox.prospects.test.ts and sandbox.prospects.v1.test.ts check alike: a match refused with 422 at these locations. */
import type { SandboxResponse } from '../sandbox';

export async function refusedAt(answer: Promise<SandboxResponse>, locs: unknown[]): Promise<void> {
	const response = await answer;
	expect(response.status).toBe(422);
	expect((response.body.detail as Array<{ loc: unknown }>).map((entry) => entry.loc)).toEqual(locs);
}
