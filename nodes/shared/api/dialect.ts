/**
 * What one API version does its own way, as one object per version (a dialect): the nodes and the
 * engine ask their version's dialect (api/index.ts, `dialectFor`) instead of testing the version.
 * A third version is a third object of this shape in its own wing.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import type { ZodTypeAny } from 'zod/v3';

import type { ApiVersion } from './versions';
import type { WebhookRegistration } from './v2/registrationModel';

/**
 * What a registration strategy asks of the client (transport/apiClient.ts's ApiClient is one): a
 * request by operation name, and the credential's partner id. Named here, not imported, so the
 * wings do not import the transport that imports them.
 */
export interface RegistrationClient {
	request<T = IDataObject>(
		name: string,
		body?: IDataObject,
		options?: { itemIndex?: number; pathParams?: Record<string, string>; query?: IDataObject },
	): Promise<T>;
	readonly connection: { readonly partnerId?: string };
}

/** The limits the versions set differently (every other limit is LIMITS, the same on every version). */
export interface VersionLimits {
	/** search: records per page */
	searchPageSize: { readonly min: number; readonly max: number };
	/** prospects per match request */
	matchItems: number;
	/** prospect ids per prospect enrollment request (undefined: no limit) */
	prospectEnrollmentIds: number | undefined;
}

export interface Dialect {
	readonly version: ApiVersion;
	readonly limits: VersionLimits;
	/**
	 * The names on the wire. The package speaks v1's names on every version (api/v2/wireNames.ts):
	 * a request goes out in the version's words and its answer comes back in the package's.
	 */
	readonly wire: {
		/** the catalog name of an operation on this version (a version may serve two under one name) */
		operation(name: string): string;
		/** a request body in this version's words */
		out(body: IDataObject | undefined): IDataObject | undefined;
		/** an answer in the package's words */
		in<T>(answer: T): T;
		/** an event type in this version's words, whichever version's name was typed */
		eventType(name: string): string;
	};
	/** paging and what a search body takes */
	readonly search: {
		/**
		 * `page`: numbered pages and a `size` the service counts the total up to (total_results);
		 * `cursor`: the answer's next_cursor, and the total on every page
		 */
		paging: 'page' | 'cursor';
		/** every search and statistics body takes request_context (else: where its schema has it) */
		requestContextEverywhere: boolean;
		/** a business's operating locations always come with it (no include_operating_locations) */
		operatingLocationsAlways: boolean;
		/** how contact details are filtered: has_email and has_phone_number, or one has_contact_details */
		contactDetails: 'split' | 'combined';
		/** the filter names come from the search kind's own list (else: from the catalog's strict body) */
		filterNamesOfKind: boolean;
		/** how an unknown filter's message names where the filters come from */
		filtersScope: string;
		/** the body of a search by numbered pages, up to `maxSize` records (the node version's cap) */
		pageBody(endpoint: string, maxSize: number): ZodTypeAny;
	};
	readonly enrichments: {
		/** large enrichments go as an async job (upload, submit, poll, download) */
		jobs: boolean;
		/** fields this version no longer returns, by enrichment path below the version prefix (without /enrich) */
		removedFields: Readonly<Record<string, readonly string[]>>;
	};
	readonly events: {
		/** Get Events may send event_data_parameters */
		eventDataParameters: boolean;
	};
	readonly enrollments: {
		/** an enrollment delivers to a webhook of the account, named by its id */
		bindsWebhook: boolean;
		/** an update is partial: what is left out keeps its value (else: it replaces key and event types) */
		partialUpdate: boolean;
		/** the enrollment id goes in the path, never in the body */
		idInPath: boolean;
		/** the service lists prospect enrollments (business enrollments it lists on every version) */
		listsProspectEnrollments: boolean;
		/** business enrollments can be deleted */
		deletesBusinessEnrollments: boolean;
		/** prospect enrollments take ttl_days */
		ttlDays: boolean;
		/** lists show only the enrollments made on this version */
		listsOnlyOwn: boolean;
	};
	readonly webhooks: {
		/** several webhooks per tenant, each by its webhook_id (else: one per partner, by partner_id) */
		byId: boolean;
		/** a read returns the secret (so a trigger can read it again after a rotation) */
		secretOnRead: boolean;
		/**
		 * an older version's webhook that may still deliver beside this version's (its secret is kept
		 * too), or undefined
		 */
		legacyBeside?: ApiVersion;
		/** the registration strategy of this version, on a client of this version */
		registration(client: RegistrationClient, node: INode, itemIndex: number | undefined): WebhookRegistration;
	};
	/** answers may carry Deprecation and Sunset headers the user is told about */
	readonly deprecated: boolean;
}
