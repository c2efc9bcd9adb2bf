/**
 * Reads n8n's SQLite database from the test process while n8n runs (or after it was killed): a
 * workflow's static data and the event ids its stored executions hold. n8n 2.x opens SQLite in
 * WAL mode, so a reader here sees each of its commits the moment it is made and never blocks it.
 * One write: `holdExecutionInserts` slows n8n's next execution of a workflow (see there).
 *
 * node:sqlite (Node >= 22.13) comes through process.getBuiltinModule: Jest 29's resolver does not
 * know modules that exist only with the `node:` prefix.
 */
interface Statement {
	get(...params: unknown[]): Record<string, unknown> | undefined;
	all(...params: unknown[]): Array<Record<string, unknown>>;
}
interface DatabaseSync {
	prepare(sql: string): Statement;
	exec(sql: string): void;
	close(): void;
}
interface SqliteModule {
	DatabaseSync: new (file: string, options?: { timeout?: number }) => DatabaseSync;
}

/** rows of holdExecutionInserts' table: 400^3 rows counted, about 2.5 s */
const HOLD_ROWS = 400;

export class N8nDatabase {
	private readonly db: DatabaseSync;
	private readonly staticDataQuery: Statement;
	private readonly executionsQuery: Statement;

	constructor(file: string) {
		const sqlite = (process as unknown as { getBuiltinModule(name: string): SqliteModule }).getBuiltinModule('node:sqlite');
		this.db = new sqlite.DatabaseSync(file, { timeout: 5_000 });
		this.staticDataQuery = this.db.prepare('SELECT staticData FROM workflow_entity WHERE id = ?');
		this.executionsQuery = this.db.prepare(
			`SELECT e.id AS id, e.status AS status, d.data AS data FROM execution_entity e
			 LEFT JOIN execution_data d ON d.executionId = e.id WHERE e.workflowId = ? ORDER BY e.id`,
		);
	}

	/** The workflow's static data as n8n last saved it (JSON text; '' when none). */
	staticDataText(workflowId: string): string {
		const value = this.staticDataQuery.get(workflowId)?.staticData;
		return typeof value === 'string' ? value : '';
	}

	/** The node's static data as n8n last saved it. */
	nodeStaticData(workflowId: string, nodeName: string): Record<string, unknown> {
		const text = this.staticDataText(workflowId);
		const all = (text === '' ? {} : JSON.parse(text)) as Record<string, Record<string, unknown>>;
		return all[`node:${nodeName}`] ?? {};
	}

	/** The node's durable poll cursor (n8n 2.41's poller_state), or undefined when n8n keeps none. */
	pollCursor(workflowId: string, nodeId: string): Record<string, unknown> | undefined {
		const exists = this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'poller_state'").get();
		if (!exists) return undefined;
		const row = this.db.prepare('SELECT cursor FROM poller_state WHERE workflowId = ? AND nodeId = ?').get(workflowId, nodeId);
		return typeof row?.cursor === 'string' ? (JSON.parse(row.cursor) as Record<string, unknown>) : undefined;
	}

	/** The stored executions of the workflow: id, status and which of `eventIds` their data holds. */
	executions(workflowId: string, eventIds: string[]): Array<{ id: string; status: string; holds: string[] }> {
		return this.executionsQuery.all(workflowId).map((row) => {
			const data = typeof row.data === 'string' ? row.data : '';
			return { id: String(row.id), status: String(row.status), holds: eventIds.filter((id) => data.includes(id)) };
		});
	}

	/**
	 * Makes every insert of an execution of the workflow take seconds (a trigger counting a cross
	 * join of a throw-away table, about 2.5 s on an idle core, longer under load) without changing
	 * what is inserted: the execution commits as usual, only later. Every other write is untouched.
	 * Returns the undo; call it before n8n starts again.
	 */
	holdExecutionInserts(workflowId: string): () => void {
		if (!/^\w+$/.test(workflowId)) throw new Error(`Unexpected workflow id ${workflowId}`);
		this.db.exec(`
			CREATE TABLE e2e_hold (n INTEGER);
			WITH RECURSIVE counter(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < ${HOLD_ROWS})
			INSERT INTO e2e_hold SELECT n FROM counter;
			CREATE TRIGGER e2e_hold_execution BEFORE INSERT ON execution_entity WHEN NEW.workflowId = '${workflowId}'
			BEGIN SELECT count(*) FROM e2e_hold a, e2e_hold b, e2e_hold c WHERE a.n + b.n + c.n < 0; END;
		`);
		return () => this.db.exec('DROP TRIGGER IF EXISTS e2e_hold_execution; DROP TABLE IF EXISTS e2e_hold;');
	}

	close(): void {
		this.db.close();
	}
}
