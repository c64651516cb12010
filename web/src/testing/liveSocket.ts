import type { LiveMessage } from '@kayuh/contract/api/live';
import { USER_GLOBAL_MESSAGE } from '@kayuh/contract/api/live';

const NUL = '\0';
const frame = (command: string, headers: Record<string, string>, body = '') =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}`)
    .join('\n')}\n\n${body}${NUL}`;

/**
 * A WebSocket that plays the broker's side of STOMP for tests: it opens when told, answers CONNECT with
 * CONNECTED (no heart-beats) and DISCONNECT with its RECEIPT, and delivers the messages a test pushes.
 */
export class FakeLiveSocket {
  static instances: FakeLiveSocket[] = [];
  static latest = () => FakeLiveSocket.instances.at(-1)!;

  readyState = 0;
  binaryType = 'arraybuffer';
  protocol = 'v12.stomp';
  onopen: ((ev?: unknown) => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((ev?: unknown) => void) | null = null;
  /** Frames the client sent, by command. */
  readonly sent: Array<{ command: string; headers: Record<string, string>; body: string }> = [];
  private pushed = 0;

  constructor(readonly url = 'ws://localhost/api/ws') {
    FakeLiveSocket.instances.push(this);
  }

  send(data: string) {
    const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
    if (text === '\n') return;
    const [head = '', body = ''] = text.replace(/\0$/, '').split('\n\n');
    const [command = '', ...lines] = head.split('\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]));
    this.sent.push({ command, headers, body });
    if (command === 'CONNECT' && this.acceptConnect) this.receive(frame('CONNECTED', { version: '1.2', 'heart-beat': '0,0' }));
    if (command === 'DISCONNECT' && headers.receipt) this.receive(frame('RECEIPT', { 'receipt-id': headers.receipt }));
  }

  /** Whether CONNECT is answered (false: the broker refuses with ERROR when told). */
  acceptConnect = true;

  /** The server accepted the socket. */
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(data: string) {
    this.onmessage?.({ data });
  }

  /** A message on the user's queue; any text, so tests can send malformed ones. */
  push(body: string | LiveMessage) {
    const sub = this.sent.find((f) => f.command === 'SUBSCRIBE' && f.headers.destination === USER_GLOBAL_MESSAGE);
    if (!sub) throw new Error('the client has not subscribed to its queue');
    this.pushed += 1;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    this.receive(
      frame(
        'MESSAGE',
        { destination: USER_GLOBAL_MESSAGE, subscription: sub.headers.id!, 'message-id': String(this.pushed), 'content-type': 'application/json' },
        text,
      ),
    );
  }

  /** The broker refuses the session. */
  refuse(code: number) {
    this.receive(frame('ERROR', { message: `code.${code}`, code: String(code) }));
    this.drop(1008);
  }

  /** The connection is lost (server restart, network). */
  drop(code = 1006) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code, reason: '', wasClean: false });
  }

  close() {
    this.drop(1000);
  }
}

/** The socket every test gets unless it brings its own: it never connects, so no test reaches a network. */
export class InertSocket extends FakeLiveSocket {
  constructor(url?: string) {
    super(url);
    FakeLiveSocket.instances.pop();
  }
}
