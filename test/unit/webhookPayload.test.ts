import { isoEventTime, parseDelivery, readPushedEvent } from '../../nodes/shared/webhooks/payload';

const read = (body: object) => {
	const result = readPushedEvent(body as never);
	if (!result.ok) throw new Error(result.reason);
	return result.event;
};

describe('pushed event payloads (every variant read in one place)', () => {
	it('reads the current guide example into Get Events\' shape plus the enrollment', () => {
		const event = read({
			tenant_id: 't',
			partner_id: 'p',
			event_id: 'a'.repeat(32),
			event_name: 'new_product',
			data: { title: 'Launch' },
			enrollment_key: 'key-accounts',
			enrollment_id: 'enr-1',
			event_time: '2025-12-06 11:41:55.703000+00:00',
			business_id: 'b'.repeat(32),
		});
		expect(event.json).toEqual({
			event_name: 'new_product',
			event_time: '2025-12-06T11:41:55.703000+00:00',
			event_id: 'a'.repeat(32),
			data: { title: 'Launch' },
			business_id: 'b'.repeat(32),
			enrollment_key: 'key-accounts',
			enrollment_id: 'enr-1',
		});
		// the keys in Get Events' order
		expect(Object.keys(event.json)).toEqual(['event_name', 'event_time', 'event_id', 'data', 'business_id', 'enrollment_key', 'enrollment_id']);
		expect(event.entity).toBe('business');
		expect(Date.parse(String(event.json.event_time))).toBe(Date.UTC(2025, 11, 6, 11, 41, 55, 703));
	});

	it('reads the older generations: event_type, entity_id + entity_type', () => {
		const old = read({ event_id: 'e1', event_type: 'new_office', entity_id: 'c'.repeat(32), entity_type: 'business', data: {}, enrollment_key: 'k' });
		expect(old.json).toMatchObject({ event_name: 'new_office', business_id: 'c'.repeat(32), enrollment_id: null, event_time: null });
		const prospect = read({ event_id: 'e2', event_name: 'prospect_changed_role', entity_id: 'p1', entity_type: 'prospect', data: {} });
		expect(prospect.entity).toBe('prospect');
		expect(Object.keys(prospect.json)).toEqual(['event_name', 'event_time', 'event_id', 'prospect_id', 'data', 'enrollment_key', 'enrollment_id']);
		expect(prospect.json.prospect_id).toBe('p1');
	});

	it('reads prospect_id, and an entity_id without a type by the event name', () => {
		expect(read({ event_id: 'e', event_name: 'prospect_changed_company', prospect_id: 'p9' }).json.prospect_id).toBe('p9');
		expect(read({ event_id: 'e', event_name: 'prospect_job_start_anniversary', entity_id: 'p8' }).entity).toBe('prospect');
		expect(read({ event_id: 'e', event_name: 'new_funding_round', entity_id: 'd'.repeat(32) }).json.business_id).toBe('d'.repeat(32));
	});

	it('keeps an ISO event_time as it is and turns the space form into ISO', () => {
		expect(isoEventTime('2026-01-02T03:04:05+00:00')).toBe('2026-01-02T03:04:05+00:00');
		expect(isoEventTime('2026-01-02 03:04:05+00:00')).toBe('2026-01-02T03:04:05+00:00');
		expect(isoEventTime('')).toBeUndefined();
	});

	it('treats a body without event name, and the plain connectivity check, as no event', () => {
		expect(readPushedEvent({ hello: 'world' }).ok).toBe(false);
		expect(readPushedEvent({ event_name: 'webhook_connectivity_check', event_id: 'x', data: {} }).ok).toBe(false);
	});

	it('parses JSON and stringified JSON bodies, and nothing else', () => {
		const event = { event_id: 'e', event_name: 'new_product' };
		expect(parseDelivery(Buffer.from(JSON.stringify(event)))).toEqual(event);
		expect(parseDelivery(Buffer.from(JSON.stringify(JSON.stringify(event))))).toEqual(event);
		expect(parseDelivery(Buffer.from('\uFEFF{"a": 1}'))).toEqual({ a: 1 });
		for (const raw of ['[1]', '"text"', 'null', '{oops', '']) expect(parseDelivery(Buffer.from(raw))).toBeUndefined();
	});
});
