import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_GLOBAL_MESSAGE } from '@kayuh/contract/api/live';
import { FakeLiveSocket } from '../../testing/liveSocket';
import { liveBrokerUrl, openLiveConnection } from './liveConnection';
import type { LiveStatus } from './liveStore';

let statuses: LiveStatus[];
let messages: string[];
let connects: number;
let refused: number[];

const open = () =>
  openLiveConnection({
    userId: 42,
    token: 'token-abc',
    onStatus: (s) => statuses.push(s),
    onMessage: (body) => messages.push(body),
    onConnected: () => {
      connects += 1;
    },
    onRefused: (code) => refused.push(code),
    webSocketFactory: () => new FakeLiveSocket() as never,
  });

beforeEach(() => {
  vi.useFakeTimers();
  FakeLiveSocket.instances = [];
  statuses = [];
  messages = [];
  connects = 0;
  refused = [];
});
afterEach(() => void vi.useRealTimers());

describe('the live link (spec §4, §7)', () => {
  it('connects with the session headers, subscribes to the user queue and passes its messages on', async () => {
    const link = open();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['connecting']);
    const socket = FakeLiveSocket.latest();
    socket.open();
    const connect = socket.sent.find((f) => f.command === 'CONNECT')!;
    expect(connect.headers).toMatchObject({ 'user-id': '42', token: 'token-abc', 'system-type': 'web', 'heart-beat': '30000,30000' });
    expect(socket.sent.find((f) => f.command === 'SUBSCRIBE')?.headers.destination).toBe(USER_GLOBAL_MESSAGE);
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(connects).toBe(1);
    socket.push('{"bizCmd":"message","data":{"message":"hi"}}');
    expect(messages).toEqual(['{"bizCmd":"message","data":{"message":"hi"}}']);
    await link.close();
    expect(statuses.at(-1)).toBe('off');
    expect(socket.sent.map((f) => f.command)).toContain('DISCONNECT');
  });

  it('tries again 5 s after the link is lost, and connects again', async () => {
    const link = open();
    await vi.advanceTimersByTimeAsync(0);
    FakeLiveSocket.latest().open();
    FakeLiveSocket.latest().drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(FakeLiveSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeLiveSocket.instances).toHaveLength(2);
    FakeLiveSocket.latest().open();
    expect(statuses.at(-1)).toBe('connected');
    expect(connects).toBe(2);
    await link.close();
  });

  it('keeps trying every 5 s while the server is down, and stops when closed', async () => {
    const link = open();
    await vi.advanceTimersByTimeAsync(0);
    // The server refuses the socket: it closes without opening.
    FakeLiveSocket.latest().drop();
    expect(statuses).toEqual(['connecting', 'reconnecting']);
    for (const attempt of [2, 3]) {
      await vi.advanceTimersByTimeAsync(5_000);
      expect(FakeLiveSocket.instances).toHaveLength(attempt);
      FakeLiveSocket.latest().drop();
    }
    await link.close();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(FakeLiveSocket.instances).toHaveLength(3);
    expect(statuses.at(-1)).toBe('off');
  });

  it('reports a refused session by its result code', async () => {
    const link = open();
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeLiveSocket.latest();
    socket.acceptConnect = false;
    socket.open();
    socket.refuse(10007);
    expect(refused).toEqual([10007]);
    expect(statuses.at(-1)).toBe('reconnecting');
    await link.close();
  });

  it('reaches the broker on this host, wss behind https', () => {
    expect(liveBrokerUrl({ protocol: 'https:', host: 'console.kitabike.id' })).toBe('wss://console.kitabike.id/api/ws');
    expect(liveBrokerUrl({ protocol: 'http:', host: '127.0.0.1:8181' })).toBe('ws://127.0.0.1:8181/api/ws');
  });
});
