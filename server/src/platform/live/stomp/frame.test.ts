import { describe, expect, it } from 'vitest';
import { FrameParser, StompFrameError, escapeHeader, serializeFrame, unescapeHeader } from './frame.ts';

const text = (frames: { body: Buffer }[]) => frames.map((f) => f.body.toString('utf8'));
const plain = (headers: Record<string, string>) => ({ ...headers });

describe('FrameParser', () => {
  it('reads a frame with headers and a body', () => {
    const [frame] = new FrameParser().push('SEND\ndestination:/topic/globalMessage\nuserId:7\n\n{"a":1}\0');
    expect(frame.command).toBe('SEND');
    expect(plain(frame.headers)).toEqual({ destination: '/topic/globalMessage', userId: '7' });
    expect(frame.body.toString()).toBe('{"a":1}');
  });

  it('joins a frame split across chunks, at any byte', () => {
    const whole = Buffer.from('SEND\r\ndestination:/q\r\ncontent-type:text/plain\r\n\r\nhéllo\0\n');
    for (let cut = 1; cut < whole.length - 1; cut++) {
      const parser = new FrameParser();
      expect(parser.push(whole.subarray(0, cut))).toEqual([]);
      const frames = parser.push(whole.subarray(cut));
      expect(frames.map((f) => [f.command, f.headers.destination, f.body.toString()])).toEqual([['SEND', '/q', 'héllo']]);
      expect(parser.buffered).toBe(0);
    }
  });

  it('feeds one byte at a time', () => {
    const parser = new FrameParser();
    const frames = [...Buffer.from('\nMESSAGE\nx:1\n\nab\0\r\n\nRECEIPT\nreceipt-id:9\n\n\0')].flatMap((byte) => parser.push(Uint8Array.of(byte)));
    expect(frames.map((f) => f.command)).toEqual(['MESSAGE', 'RECEIPT']);
    expect(frames[1].headers['receipt-id']).toBe('9');
  });

  it('reads several frames from one chunk, with heart-beat EOLs between them', () => {
    const frames = new FrameParser().push('\n\r\nSUBSCRIBE\nid:0\ndestination:/a\n\n\0\n\nSEND\ndestination:/b\n\nx\0\r\n');
    expect(frames.map((f) => f.command)).toEqual(['SUBSCRIBE', 'SEND']);
    expect(text(frames)).toEqual(['', 'x']);
  });

  it('treats a chunk of EOLs alone as heart-beats', () => {
    const parser = new FrameParser();
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\r\n\n')).toEqual([]);
    expect(parser.buffered).toBe(0);
  });

  it('takes content-length in UTF-8 bytes, so a body may hold NUL', () => {
    const body = 'a\0ü€'; // 1 + 1 + 2 + 3 bytes
    const parser = new FrameParser();
    const frames = parser.push(`SEND\ncontent-length:7\ndestination:/q\n\n${body}\0`);
    expect(frames[0].body.toString('utf8')).toBe(body);
    expect(frames[0].body.length).toBe(7);
  });

  it('waits for the whole content-length across chunks even when a NUL arrives first', () => {
    const parser = new FrameParser();
    expect(parser.push('SEND\ncontent-length:3\n\na\0')).toEqual([]);
    expect(text(parser.push('b\0'))).toEqual(['a\0b']);
  });

  it('refuses a body longer than its content-length', () => {
    expect(() => new FrameParser().push('SEND\ncontent-length:1\n\nab\0')).toThrow(/content-length/);
  });

  it('unescapes header values, except on CONNECT', () => {
    const [send] = new FrameParser().push('SEND\nna\\cme:a\\nb\\rc\\\\d\\ce\n\n\0');
    expect(plain(send.headers)).toEqual({ 'na:me': 'a\nb\rc\\d:e' });
    const [connect] = new FrameParser().push('CONNECT\ntoken:a\\nb:c\n\n\0');
    expect(connect.headers.token).toBe('a\\nb:c');
  });

  it('refuses an undefined escape sequence', () => {
    expect(() => new FrameParser().push('SEND\nx:a\\tb\n\n\0')).toThrow(StompFrameError);
    expect(() => new FrameParser().push('SEND\nx:ab\\\n\n\0')).toThrow(StompFrameError);
  });

  it('keeps the first of repeated headers', () => {
    const [frame] = new FrameParser().push('MESSAGE\nfoo:World\nfoo:Hello\n\n\0');
    expect(frame.headers.foo).toBe('World');
  });

  it('keeps a header named like an object property as data', () => {
    const [frame] = new FrameParser().push('SEND\n__proto__:x\nconstructor:y\n\n\0');
    expect(plain(frame.headers)).toEqual({ ['__proto__']: 'x', constructor: 'y' });
  });

  it.each([
    ['a lower-case command', 'send\n\n\0'],
    ['a header line without a colon', 'SEND\nnocolon\n\n\0'],
    ['a header with an empty name', 'SEND\n:v\n\n\0'],
    ['a bad content-length', 'SEND\ncontent-length:-1\n\n\0'],
    ['a CR that is not an EOL between frames', '\rSEND\n\n\0'],
    ['headers that are not UTF-8', Buffer.from([...Buffer.from('SEND\nx:'), 0xff, 0x0a, 0x0a, 0x00])],
  ])('refuses %s', (_, input) => {
    expect(() => new FrameParser().push(input)).toThrow(StompFrameError);
  });

  it('refuses a frame over the size limit, even before it ends', () => {
    const parser = new FrameParser({ maxFrameBytes: 100, maxHeaders: 4 });
    expect(() => parser.push(`SEND\n\n${'x'.repeat(200)}`)).toThrow(/larger than 100/);
    expect(() => new FrameParser({ maxFrameBytes: 100, maxHeaders: 4 }).push('SEND\ncontent-length:500\n\n')).toThrow(/larger/);
    expect(() => new FrameParser({ maxFrameBytes: 100, maxHeaders: 4 }).push(`SEND\nx:${'y'.repeat(200)}`)).toThrow(/larger/);
  });

  it('refuses too many headers', () => {
    const headers = Array.from({ length: 5 }, (_, i) => `h${i}:v`).join('\n');
    expect(() => new FrameParser({ maxFrameBytes: 1000, maxHeaders: 4 }).push(`SEND\n${headers}\n\n\0`)).toThrow(/headers/);
  });

  it('keeps working after many frames (buffer reuse does not leak old bytes)', () => {
    const parser = new FrameParser();
    const big = 'y'.repeat(5000);
    expect(text(parser.push(`SEND\n\n${big}\0`))).toEqual([big]);
    expect(parser.push('SEND\n\nab')).toEqual([]);
    expect(text(parser.push('c\0'))).toEqual(['abc']);
  });
});

describe('serializeFrame', () => {
  it('writes content-length in bytes and escapes header values', () => {
    const out = serializeFrame('MESSAGE', { destination: '/user/topic/globalMessage', note: 'a:b\nc\\' }, 'ü\0');
    expect(out).toBe('MESSAGE\ndestination:/user/topic/globalMessage\nnote:a\\cb\\nc\\\\\ncontent-length:3\n\nü\0\0');
  });

  it('does not escape CONNECTED headers and refuses a line break there', () => {
    expect(serializeFrame('CONNECTED', { version: '1.2', 'heart-beat': '30000,30000' })).toBe('CONNECTED\nversion:1.2\nheart-beat:30000,30000\n\n\0');
    expect(() => serializeFrame('CONNECTED', { x: 'a\nb' })).toThrow();
  });

  it('round-trips through the parser', () => {
    const headers = { destination: '/q', 'odd:name': 'v\r\n\\:', id: '1' };
    const body = '{"message":"halo\\u0000"}\0end';
    const [frame] = new FrameParser().push(serializeFrame('SEND', headers, body));
    expect(plain(frame.headers)).toEqual({ ...headers, 'content-length': String(Buffer.byteLength(body)) });
    expect(frame.body.toString()).toBe(body);
  });

  it('escape and unescape are inverse', () => {
    for (const value of ['', 'plain', 'a:b', '\\', '\r\n', '\\n literally', '::\\\\']) expect(unescapeHeader(escapeHeader(value))).toBe(value);
  });
});
