/**
 * STOMP 1.2 frames: an incremental parser fed with WebSocket messages (text or binary, a frame may span several
 * messages and a message may hold several frames) and a serializer. Pure: no sockets, no clocks.
 */

export interface StompFrame {
  command: string;
  /** First occurrence wins for a repeated header (STOMP 1.2 §Repeated Header Entries). Null prototype. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface FrameLimits {
  /** Command, headers and body together, in bytes. */
  maxFrameBytes: number;
  maxHeaders: number;
}

export const DEFAULT_FRAME_LIMITS: FrameLimits = { maxFrameBytes: 64 * 1024, maxHeaders: 32 };

/** The peer broke the protocol; the connection answers ERROR and closes. */
export class StompFrameError extends Error {}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const COMMAND = /^[A-Z]{1,16}$/;
/** CONNECT and CONNECTED carry their header values unescaped (1.0 compatibility). */
const UNESCAPED_COMMANDS = new Set(['CONNECT', 'CONNECTED']);
const utf8 = new TextDecoder('utf-8', { fatal: true });

type Pending =
  | { stage: 'head'; start: number; scan: number }
  | { stage: 'body'; start: number; bodyStart: number; scan: number; command: string; headers: Record<string, string>; contentLength?: number };

export class FrameParser {
  // Grown on demand and dropped when idle: thousands of quiet connections each hold almost nothing.
  private buf = Buffer.alloc(0);
  private len = 0;
  private pos = 0;
  private pending: Pending | null = null;

  constructor(private readonly limits: FrameLimits = DEFAULT_FRAME_LIMITS) {}

  /** Feeds one chunk and returns the frames it completed; heart-beat EOLs between frames are consumed. */
  push(chunk: string | Uint8Array): StompFrame[] {
    this.append(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    const frames: StompFrame[] = [];
    for (let frame = this.next(); frame; frame = this.next()) frames.push(frame);
    this.compact();
    return frames;
  }

  /** Bytes held for a frame not yet complete (0 between frames). */
  get buffered(): number {
    return this.len - this.pos;
  }

  private next(): StompFrame | null {
    if (!this.pending) {
      if (!this.skipHeartBeats()) return null;
      this.pending = { stage: 'head', start: this.pos, scan: this.pos };
    }
    if (this.pending.stage === 'head' && !this.readHead(this.pending)) return null;
    return this.pending.stage === 'body' ? this.readBody(this.pending) : null;
  }

  /** Skips EOLs (heart-beats); true when a frame starts at `pos`. */
  private skipHeartBeats(): boolean {
    const b = this.buf;
    while (this.pos < this.len) {
      if (b[this.pos] === LF) this.pos += 1;
      else if (b[this.pos] === CR) {
        if (this.pos + 1 >= this.len) return false;
        if (b[this.pos + 1] !== LF) throw new StompFrameError('CR not followed by LF');
        this.pos += 2;
      } else return true;
    }
    return false;
  }

  /** Finds the blank line that ends the headers; parses command and headers once it is there. */
  private readHead(p: Extract<Pending, { stage: 'head' }>): boolean {
    const b = this.buf;
    for (let i = b.indexOf(LF, p.scan); i !== -1 && i < this.len; i = b.indexOf(LF, i + 1)) {
      let end = -1;
      if (i + 1 < this.len && b[i + 1] === LF) end = i + 2;
      else if (i + 2 < this.len && b[i + 1] === CR && b[i + 2] === LF) end = i + 3;
      else if (i + 1 >= this.len || (b[i + 1] === CR && i + 2 >= this.len)) {
        p.scan = i;
        this.checkSize(p.start, this.len);
        return false;
      }
      if (end === -1) continue;
      this.checkSize(p.start, end);
      const { command, headers } = parseHead(b.subarray(p.start, end), this.limits.maxHeaders);
      const raw = headers['content-length'];
      let contentLength: number | undefined;
      if (raw !== undefined) {
        if (!/^\d{1,9}$/.test(raw)) throw new StompFrameError(`Bad content-length: ${raw}`);
        contentLength = Number(raw);
        this.checkSize(p.start, end + contentLength + 1);
      }
      this.pending = { stage: 'body', start: p.start, bodyStart: end, scan: end, command, headers, contentLength };
      return true;
    }
    p.scan = this.len;
    this.checkSize(p.start, this.len);
    return false;
  }

  private readBody(p: Extract<Pending, { stage: 'body' }>): StompFrame | null {
    let end: number;
    if (p.contentLength !== undefined) {
      end = p.bodyStart + p.contentLength;
      if (end >= this.len) return null;
      if (this.buf[end] !== NUL) throw new StompFrameError('Body longer than content-length (no NUL after it)');
    } else {
      end = this.buf.indexOf(NUL, p.scan);
      if (end === -1 || end >= this.len) {
        p.scan = this.len;
        this.checkSize(p.start, this.len);
        return null;
      }
      this.checkSize(p.start, end + 1);
    }
    const frame = { command: p.command, headers: p.headers, body: Buffer.from(this.buf.subarray(p.bodyStart, end)) };
    this.pos = end + 1;
    this.pending = null;
    return frame;
  }

  private checkSize(start: number, end: number) {
    if (end - start > this.limits.maxFrameBytes) throw new StompFrameError(`Frame larger than ${this.limits.maxFrameBytes} bytes`);
  }

  private append(chunk: Uint8Array) {
    if (this.len + chunk.length > this.buf.length) {
      const grown = Buffer.alloc(Math.max(this.buf.length * 2, 256, this.len - this.pos + chunk.length));
      this.buf.copy(grown, 0, this.pos, this.len);
      this.shift(this.pos);
      this.len -= this.pos;
      this.pos = 0;
      this.buf = grown;
    }
    this.buf.set(chunk, this.len);
    this.len += chunk.length;
  }

  /** Moves an unfinished frame to the start of the buffer once the frames before it are consumed. */
  private compact() {
    if (this.pos === this.len && this.buf.length > 4096) {
      this.buf = Buffer.alloc(0);
      this.len = 0;
      this.pos = 0;
      return;
    }
    if (this.pos === 0) return;
    if (this.pos < this.len) this.buf.copy(this.buf, 0, this.pos, this.len);
    this.shift(this.pos);
    this.len -= this.pos;
    this.pos = 0;
  }

  private shift(by: number) {
    if (!this.pending) return;
    this.pending.start -= by;
    this.pending.scan -= by;
    if (this.pending.stage === 'body') this.pending.bodyStart -= by;
  }
}

function parseHead(head: Buffer, maxHeaders: number): { command: string; headers: Record<string, string> } {
  let text: string;
  try {
    text = utf8.decode(head);
  } catch {
    throw new StompFrameError('Headers are not UTF-8');
  }
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  // The head ends with EOL EOL: the last two entries are empty.
  lines.length -= 2;
  const command = lines[0] ?? '';
  if (!COMMAND.test(command)) throw new StompFrameError(`Bad command: ${command.slice(0, 20)}`);
  if (lines.length - 1 > maxHeaders) throw new StompFrameError(`More than ${maxHeaders} headers`);
  const escaped = !UNESCAPED_COMMANDS.has(command);
  const headers: Record<string, string> = Object.create(null);
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new StompFrameError(`Bad header line: ${line.slice(0, 40)}`);
    const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
    const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
    if (!(name in headers)) headers[name] = value;
  }
  return { command, headers };
}

const UNESCAPES: Record<string, string> = { r: '\r', n: '\n', c: ':', '\\': '\\' };

export function unescapeHeader(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(/\\(.?)/gs, (_, ch: string) => {
    const out = UNESCAPES[ch];
    if (out === undefined) throw new StompFrameError(`Undefined escape sequence \\${ch}`);
    return out;
  });
}

export function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (ch) => (ch === '\\' ? '\\\\' : ch === '\r' ? '\\r' : ch === '\n' ? '\\n' : '\\c'));
}

/**
 * One frame as text for a WebSocket text message. A body gets its content-length in UTF-8 bytes, so it may
 * hold NUL. Header values are escaped except on CONNECT / CONNECTED, where a line break cannot be sent at all.
 */
export function serializeFrame(command: string, headers: Record<string, string | number>, body = ''): string {
  const escaped = !UNESCAPED_COMMANDS.has(command);
  let out = `${command}\n`;
  for (const [name, raw] of Object.entries(headers)) {
    if (name === 'content-length') continue;
    const value = String(raw);
    if (!escaped && /[\r\n]/.test(name + value)) throw new Error(`${command} header ${name} cannot hold a line break`);
    out += escaped ? `${escapeHeader(name)}:${escapeHeader(value)}\n` : `${name}:${value}\n`;
  }
  if (body) out += `content-length:${Buffer.byteLength(body, 'utf8')}\n`;
  return `${out}\n${body}\0`;
}
