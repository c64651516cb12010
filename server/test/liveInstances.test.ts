import { randomBytes } from 'node:crypto';
import { TOPIC_GLOBAL_MESSAGE } from '@kayuh/contract/api/live';
import { Code } from '@kayuh/contract/codes';
import { Header } from '@kayuh/contract/headers';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '../src/db/schema.ts';
import type { LiveBroker } from '../src/platform/live/broker.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { consoleClient, RawStomp, until } from './liveClients.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const why = 'two instances need one PostgreSQL and one Redis: set TEST_DATABASE_URL and TEST_REDIS_URL (CI does)';

const notice = (message: string) => JSON.stringify({ bizCmd: 'message', data: { message } });
const texts = (messages: { body: string }[]) => messages.map((m) => JSON.parse(m.body).data.message);
const uid = (session: Record<string, string>) => Number(session[Header.userId]);

describe.skipIf(!databaseUrl || !redisUrl)(`live link across two instances (${why})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // A channel of this run's own, so nothing else on the same Redis talks to these instances.
    const live = { busChannel: `kayuh:live:test:${randomBytes(4).toString('hex')}` };
    a = await createTestApp({ listen: true, redisUrl, live });
    b = await createTestApp({ database: a.database, listen: true, redisUrl, live });
    await Promise.all([(a.services.live as LiveBroker).ready(), (b.services.live as LiveBroker).ready()]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers a push made on one instance to a console connected to the other, within the tenant only', async () => {
    const kita = await a.signIn('kitabike.admin');
    const gowes = await a.signIn('gowesbali.admin');
    const onB = await consoleClient(b.wsUrl!, kita);
    const strangerOnB = await consoleClient(b.wsUrl!, gowes);
    expect(a.services.live.localConnections).toBe(0);
    expect(b.services.live.localConnections).toBe(2);

    await a.services.live.sendToUsers(2, [uid(kita), uid(gowes)], notice('dari instans A'));
    await until(() => onB.messages.length === 1, 'the push to cross instances');
    expect(texts(onB.messages)).toEqual(['dari instans A']);
    await a.services.live.sendToUsers(3, [uid(gowes)], notice('own tenant'));
    await until(() => strangerOnB.messages.length === 1, "tenant 3's push");
    expect(texts(strangerOnB.messages)).toEqual(['own tenant']);
    await onB.close();
    await strangerOnB.close();
  });

  it("delivers a client's SEND on one instance to the user on the other, never across tenants", async () => {
    const kita = await a.signIn('kitabike.admin');
    const ops = await a.signIn('kitabike.ops.jakarta');
    const gowes = await a.signIn('gowesbali.admin');
    const sender = await consoleClient(a.wsUrl!, kita);
    const colleague = await consoleClient(b.wsUrl!, ops);
    const stranger = await consoleClient(b.wsUrl!, gowes);
    sender.client.publish({ destination: TOPIC_GLOBAL_MESSAGE, headers: { userId: String(uid(gowes)) }, body: notice('across tenants') });
    sender.client.publish({ destination: TOPIC_GLOBAL_MESSAGE, headers: { userId: String(uid(ops)) }, body: notice('Cek sepeda B-12') });
    await until(() => colleague.messages.length === 1, 'the SEND to cross instances');
    expect(texts(colleague.messages)).toEqual(['Cek sepeda B-12']);
    await a.services.live.sendToUsers(3, [uid(gowes)], notice('own tenant'));
    await until(() => stranger.messages.length === 1, "tenant 3's push");
    expect(texts(stranger.messages)).toEqual(['own tenant']);
    for (const c of [sender, colleague, stranger]) await c.close();
  });

  it('closes a connection on the other instance when its session ends', async () => {
    const kita = await a.signIn('kitabike.admin');
    const raw = await RawStomp.connected(b.wsUrl!, kita);
    const [session] = await a.database.db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(and(eq(userSessions.userId, uid(kita)), isNull(userSessions.revokedAt)));
    await a.services.live.endSession(session.id);
    const error = await raw.next();
    expect([error.command, error.headers.code]).toEqual(['ERROR', String(Code.noSession)]);
    await raw.closed();
  });
});
