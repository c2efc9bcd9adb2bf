/**
 * Runs `task` over `inputs` with at most `concurrency` in flight; results keep input order.
 * Once a task throws, no new task starts and the first error is rethrown after the running
 * ones settle (so no request is left dangling).
 */
export async function mapWithConcurrency<I, O>(
	inputs: readonly I[],
	concurrency: number,
	task: (input: I, index: number) => Promise<O>,
): Promise<O[]> {
	const results = new Array<O>(inputs.length);
	let next = 0;
	let failure: { error: unknown } | undefined;
	const worker = async () => {
		while (failure === undefined && next < inputs.length) {
			const index = next++;
			try {
				results[index] = await task(inputs[index], index);
			} catch (error) {
				failure ??= { error };
			}
		}
	};
	const workers = Array.from({ length: Math.max(1, Math.min(concurrency, inputs.length)) }, worker);
	await Promise.all(workers);
	if (failure) throw failure.error;
	return results;
}
