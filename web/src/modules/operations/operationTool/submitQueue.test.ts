import { describe, expect, it } from 'vitest';
import { SubmitQueue, type QueuedSubmit, type QueueSender } from './submitQueue';

/** The outbox in memory, as IndexedDB keeps it in the browser (structured copies in, structured copies out). */
function memoryStore() {
  let kept: QueuedSubmit[] = [];
  return { load: async () => structuredClone(kept), save: async (items: QueuedSubmit[]) => void (kept = structuredClone(items)) };
}

class Offline extends Error {}
class Refused extends Error {}

/** A server that answers each key once (the first answer again for a repeat), and a network that may be down. */
function fakeServer() {
  const answered = new Map<string, Record<string, unknown>>();
  const state = { online: true, uploads: 0, loseNextAnswer: false };
  const sender: QueueSender = {
    async upload() {
      if (!state.online) throw new Offline();
      state.uploads += 1;
      return `/api/files/uploads/photo-${state.uploads}.jpg`;
    },
    async submit(key, _ticketId, body) {
      if (!state.online) throw new Offline();
      if (answered.has(key) && JSON.stringify(answered.get(key)) !== JSON.stringify(body)) throw new Refused('2010');
      if (body.outcome === 'refuse') throw new Refused('not allowed');
      answered.set(key, body);
      if (state.loseNextAnswer) {
        state.loseNextAnswer = false;
        throw new Offline();
      }
    },
    isOffline: (error) => error instanceof Offline,
    reason: (error) => (error as Error).message,
  };
  return { answered, state, sender };
}

const item = (key: string, extra: Partial<QueuedSubmit> = {}): QueuedSubmit => ({
  key,
  userId: 7,
  ticketId: 1,
  ticketNo: 'TK1',
  body: { outcome: '1' },
  photos: [new Blob(['jpeg'])],
  queuedAt: '2026-11-28T10:00:00.000Z',
  ...extra,
});

describe('the field tool’s outbox', () => {
  it('keeps a submit made offline and sends it once the network is back, photos first', async () => {
    const queue = new SubmitQueue(memoryStore());
    const server = fakeServer();
    server.state.online = false;
    await queue.add(item('k-offline-1'));
    expect(await queue.flush(7, server.sender)).toEqual({ sent: [], refused: [], waiting: 1 });
    server.state.online = true;
    const result = await queue.flush(7, server.sender);
    expect(result.sent.map((x) => x.key)).toEqual(['k-offline-1']);
    expect(server.answered.get('k-offline-1')).toEqual({ outcome: '1', photo1: '/api/files/uploads/photo-1.jpg' });
    expect(await queue.list()).toEqual([]);
  });

  it('sends the same body again when the first answer was lost: the photos are not uploaded twice', async () => {
    const queue = new SubmitQueue(memoryStore());
    const server = fakeServer();
    server.state.loseNextAnswer = true;
    await queue.add(item('k-lost-1'));
    expect((await queue.flush(7, server.sender)).waiting).toBe(1);
    const kept = (await queue.list())[0]!;
    expect(kept.photoUrls).toEqual(['/api/files/uploads/photo-1.jpg']);
    expect(kept.photos).toEqual([]);
    // The repeat carries the same key and body, so the server answers it as the first (no 2010, no second submit).
    expect((await queue.flush(7, server.sender)).sent).toHaveLength(1);
    expect(server.state.uploads).toBe(1);
  });

  it('keeps a refused submit with its reason, sends the rest, and leaves other users’ submits alone', async () => {
    const queue = new SubmitQueue(memoryStore());
    const server = fakeServer();
    await queue.add(item('k-refused', { body: { outcome: 'refuse' } }));
    await queue.add(item('k-fine'));
    await queue.add(item('k-someone-else', { userId: 8 }));
    const result = await queue.flush(7, server.sender);
    expect(result.refused.map((x) => [x.key, x.refusal])).toEqual([['k-refused', 'not allowed']]);
    expect(result.sent.map((x) => x.key)).toEqual(['k-fine']);
    expect((await queue.list()).map((x) => x.key)).toEqual(['k-refused', 'k-someone-else']);
    // A refused one is not tried again; the technician reads it and discards it.
    expect((await queue.flush(7, server.sender)).refused).toEqual([]);
    await queue.discard('k-refused');
    expect((await queue.list()).map((x) => x.key)).toEqual(['k-someone-else']);
  });

  it('runs one flush at a time: a second call joins the first, so nothing is sent twice', async () => {
    const queue = new SubmitQueue(memoryStore());
    const server = fakeServer();
    let submits = 0;
    const counting: QueueSender = { ...server.sender, submit: async (...args) => void ((submits += 1), await server.sender.submit(...args)) };
    await queue.add(item('k-once'));
    const [a, b] = await Promise.all([queue.flush(7, counting), queue.flush(7, counting)]);
    expect(a).toBe(b);
    expect(submits).toBe(1);
  });
});
