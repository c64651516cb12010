import { Code } from '@kayuh/contract/codes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alarmEvents, alarms, users } from '../src/db/schema.ts';
import { raiseAlarm, type AlarmSignal } from '../src/modules/alarm/raiseAlarm.ts';
import { useTestApp } from './harness.ts';

/** /alarm_main/alarm_list and /history (DOMAIN §1.11, §3.14): staff acknowledge, resolve and ignore alarms. */
const t = useTestApp();
const LIST = '/api/alarm/alarm';
const HISTORY = '/api/alarm/history';

let nextTarget = 5000;
/** A minor (no push) vehicle alarm of GowesBali in Denpasar unless told otherwise; each call a new vehicle. */
const raise = (extra: Partial<AlarmSignal> = {}) =>
  raiseAlarm(t.services, { tenantId: 3, cityCode: 3001, alarmCode: 'LOW_SOC', level: 3, targetType: 1, targetId: nextTarget++, ...extra });
const stored = async (id: number) => (await t.database.db.select().from(alarms).where(eq(alarms.id, id)))[0]!;
const fire = (headers: Record<string, string>, event: string, body: Record<string, unknown>) => t.call('POST', `${LIST}/${event}`, { headers, body });
const listed = async (headers: Record<string, string>, api: string, body: Record<string, unknown> = {}) =>
  ((await t.call('POST', `${api}/list`, { headers, body: { pageSize: 100, ...body } })).rows ?? []) as Array<Record<string, unknown>>;
const userId = async (userName: string) => (await t.database.db.select().from(users).where(eq(users.userName, userName)))[0]!.id;

describe('the alarm list', () => {
  it('lists the open and acknowledged alarms of the caller’s cities; the history lists the ones that are over', async () => {
    const open = await raise();
    const done = await raise();
    const jakarta = await raise({ cityCode: 3002 });
    await t.database.db.update(alarms).set({ status: 2 }).where(eq(alarms.id, done.alarmId));
    const denpasar = await t.signIn('gowesbali.ops.denpasar');
    const ids = (rows: Array<Record<string, unknown>>) => rows.map((r) => r.alarmId);
    const current = ids(await listed(denpasar, LIST));
    expect(current).toContain(open.alarmId);
    expect(current).not.toContain(done.alarmId);
    expect(current).not.toContain(jakarta.alarmId);
    expect(ids(await listed(denpasar, HISTORY))).toContain(done.alarmId);
    expect(ids(await listed(denpasar, HISTORY))).not.toContain(open.alarmId);
    // Another tenant sees none of them.
    expect(ids(await listed(await t.signIn('kitabike.admin'), LIST))).not.toContain(open.alarmId);
  });

  it('acknowledges: who and when, and the timeline shows it after the raise', async () => {
    const a = await raise();
    const headers = await t.signIn('gowesbali.ops.denpasar', { lang: 'EN' });
    const answer = await fire(headers, 'acknowledge', { alarmId: a.alarmId, version: 0 });
    expect(answer.code, JSON.stringify(answer)).toBe(Code.ok);
    const row = await stored(a.alarmId);
    expect(row).toMatchObject({ status: 1, ackBy: await userId('gowesbali.ops.denpasar') });
    expect(row.ackAt).toBeInstanceOf(Date);
    const timeline = await t.call('GET', `${LIST}/${a.alarmId}/events`, { headers });
    expect(timeline.rows.map((e: { event: string }) => e.event)).toEqual(['acknowledge', 'raised']);
    expect(timeline.rows[0]).toMatchObject({ from: 0, to: 1, operName: 'gowesbali.ops.denpasar' });
    expect(timeline.rows[1]).toMatchObject({ operName: null, from: null, to: null });
    // Acknowledged, it is still on the list; a second acknowledge is refused by its state.
    expect((await listed(headers, LIST)).find((r) => r.alarmId === a.alarmId)).toMatchObject({ status: 1 });
    const again = await fire(headers, 'acknowledge', { alarmId: a.alarmId, version: 1 });
    expect(again.code).toBe(Code.transitionNotAllowed);
    expect(again.msg).toBe('“Acknowledge” is not possible: it is now Acknowledged');
  });

  it('resolves with a resolution (required, bounded) into the history, and frees the slot for the next firing', async () => {
    const a = await raise();
    const headers = await t.signIn('gowesbali.ops.denpasar', { lang: 'EN' });
    const bare = await fire(headers, 'resolve', { alarmId: a.alarmId, version: 0 });
    expect(bare.code).toBe(Code.validation);
    expect(Object.keys(bare.data.fields)).toEqual(['resolution']);
    const long = await fire(headers, 'resolve', { alarmId: a.alarmId, version: 0, resolution: 'x'.repeat(501) });
    expect(long.code).toBe(Code.validation);
    expect((await stored(a.alarmId)).status).toBe(0);

    const done = await fire(headers, 'resolve', { alarmId: a.alarmId, version: 0, resolution: 'Battery swapped on site' });
    expect(done.code, JSON.stringify(done)).toBe(Code.ok);
    expect(await stored(a.alarmId)).toMatchObject({
      status: 2,
      resolution: 'Battery swapped on site',
      resolvedBy: await userId('gowesbali.ops.denpasar'),
    });
    const history = (await listed(headers, HISTORY)).find((r) => r.alarmId === a.alarmId);
    expect(history).toMatchObject({ status: 2, resolution: 'Battery swapped on site' });
    const timeline = await t.call('GET', `${HISTORY}/${a.alarmId}/events`, { headers });
    expect(timeline.rows[0]).toMatchObject({ event: 'resolve', from: 0, to: 2, payload: { resolution: 'Battery swapped on site' } });

    const next = await raiseAlarm(t.services, {
      tenantId: 3,
      cityCode: 3001,
      alarmCode: 'LOW_SOC',
      level: 3,
      targetType: 1,
      targetId: (await stored(a.alarmId)).targetId,
    });
    expect(next.event).toBe('raised');
    expect(next.alarmId).not.toBe(a.alarmId);
  });

  it('ignores with a reason, kept as the resolution', async () => {
    const a = await raise();
    const headers = await t.signIn('gowesbali.admin');
    expect((await fire(headers, 'ignore', { alarmId: a.alarmId, version: 0 })).code).toBe(Code.validation);
    expect((await fire(headers, 'ignore', { alarmId: a.alarmId, version: 0, reason: 'Test ride by the workshop' })).code).toBe(Code.ok);
    expect(await stored(a.alarmId)).toMatchObject({ status: 4, resolution: 'Test ride by the workshop' });
    const [event] = await t.database.db.select().from(alarmEvents).where(eq(alarmEvents.alarmId, a.alarmId)).orderBy(alarmEvents.id).offset(1);
    expect(event).toMatchObject({ event: 'ignored', actorId: await userId('gowesbali.admin') });
  });

  it('acknowledges a selection at once, each alarm on its own', async () => {
    const [a, b, c] = [await raise(), await raise(), await raise()];
    const headers = await t.signIn('gowesbali.ops.denpasar', { lang: 'EN' });
    expect((await fire(headers, 'acknowledge', { alarmId: b.alarmId, version: 0 })).code).toBe(Code.ok);
    const answer = await fire(headers, 'acknowledge/bulk', {
      items: [a, b, c].map((x) => ({ id: x.alarmId, version: 0 })),
    });
    expect(answer.data).toMatchObject({ done: 2, refused: 1 });
    expect([(await stored(a.alarmId)).status, (await stored(b.alarmId)).status, (await stored(c.alarmId)).status]).toEqual([1, 1, 1]);
  });

  it('is out of reach of another city’s staff, other tenants and staff without the permission', async () => {
    const a = await raise();
    const jakarta = await t.signIn('gowesbali.ops.jakarta');
    expect((await fire(jakarta, 'acknowledge', { alarmId: a.alarmId, version: 0 })).code).toBe(Code.notFound);
    expect((await t.call('GET', `${LIST}/${a.alarmId}/events`, { headers: jakarta })).code).toBe(Code.notFound);
    expect((await fire(await t.signIn('kitabike.admin'), 'acknowledge', { alarmId: a.alarmId, version: 0 })).code).toBe(Code.notFound);
    expect((await fire(await t.signIn('gowesbali.fin.01'), 'acknowledge', { alarmId: a.alarmId, version: 0 })).code).toBe(Code.forbidden);
    expect((await stored(a.alarmId)).status).toBe(0);
  });

  it('twenty staff acknowledging one alarm at once: one acknowledgement, one event', async () => {
    const a = await raise();
    const headers = await t.signIn('gowesbali.ops.denpasar');
    const answers = await Promise.all(Array.from({ length: 20 }, () => fire(headers, 'acknowledge', { alarmId: a.alarmId, version: 0 })));
    expect(answers.filter((x) => x.code === Code.ok)).toHaveLength(1);
    const events = await t.database.db.select().from(alarmEvents).where(eq(alarmEvents.alarmId, a.alarmId));
    expect(events.filter((e) => e.event === 'ack')).toHaveLength(1);
    expect((await stored(a.alarmId)).version).toBe(1);
  });
});
