// Longest a single engine test may take.
jest.setTimeout(60_000);
