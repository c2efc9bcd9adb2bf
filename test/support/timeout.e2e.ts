// Longest a single e2e test may take.
jest.setTimeout(900_000);
