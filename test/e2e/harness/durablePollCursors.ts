/**
 * n8n 2.41's durable poll cursors and the three settings they need: a polling trigger's state is
 * then stored in one transaction with the execution its poll starts (docs/operations.md, Business
 * Events Trigger). Off by default in 2.41.
 */
export const DURABLE_POLL_CURSORS: Record<string, string> = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};
