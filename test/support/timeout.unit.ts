// Longest a single unit test may take.
jest.setTimeout(30_000);
