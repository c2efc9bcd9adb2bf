/** The API v2 request schemas; the shared pieces (ids, filters, limits) come from ../schemas. */
export * from './credits';
export * from './enrich';
export * from './enrichRecords';
export * from './events';
export * from './other';
export * from './search';
export * from './enrollments';
export * from './jobs';
export * from './webhooks';
