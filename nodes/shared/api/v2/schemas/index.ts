/** The API v2 request schemas, by family, and the fields and filters they are built of. */
export * from './autocomplete';
export * from './credits';
export * from './creditsPeriod';
export * from './enrich';
export * from './enrichParameters';
export * from './enrichRecords';
export * from './enrollments';
export * from './events';
export * from './fields';
export * from './filters';
export * from './jobs';
export * from './match';
export * from './matchItems';
export * from './search';
export * from './webhooks';
export * from './webhookSimulation';
