import { Client, type IStompSocket } from '@stomp/stompjs';
import { LIVE_WS_PATH, LiveConnectHeader, USER_GLOBAL_MESSAGE } from '@kayuh/contract/api/live';
import { RECONNECT_DELAY_MS, STOMP_HEARTBEAT_MS } from '@kayuh/contract/constants';
import type { LiveStatus } from './liveStore';

export interface LiveConnectionOptions {
  userId: number;
  token: string;
  /** The raw body of each message on the user's queue. */
  onMessage: (body: string) => void;
  onStatus: (status: LiveStatus) => void;
  /** Every (re)connect: what was missed meanwhile is read again. */
  onConnected?: () => void;
  /** The broker refused the session (an ERROR frame with a result code, e.g. 10007). */
  onRefused?: (code: number) => void;
  /** ws(s)://<host>/api/ws by default. */
  brokerURL?: string;
  /** Tests bring their own socket. */
  webSocketFactory?: () => IStompSocket;
}

/** The broker's address on this page's host: wss on https, ws on http. */
export function liveBrokerUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_WS_PATH}`;
}

/**
 * One tab's live link (spec §4, §7): STOMP over a WebSocket, the user's session in the CONNECT headers, a
 * subscription to the user's own queue, heart-beats both ways, and a new attempt 5 s after any failure or loss.
 */
export function openLiveConnection(opts: LiveConnectionOptions): { close: () => Promise<void> } {
  const client = new Client({
    brokerURL: opts.webSocketFactory ? undefined : (opts.brokerURL ?? liveBrokerUrl()),
    webSocketFactory: opts.webSocketFactory,
    connectHeaders: {
      [LiveConnectHeader.userId]: String(opts.userId),
      [LiveConnectHeader.token]: opts.token,
      [LiveConnectHeader.systemType]: 'web',
    },
    heartbeatIncoming: STOMP_HEARTBEAT_MS,
    heartbeatOutgoing: STOMP_HEARTBEAT_MS,
    reconnectDelay: RECONNECT_DELAY_MS,
    onConnect: () => {
      client.subscribe(USER_GLOBAL_MESSAGE, (message) => opts.onMessage(message.body));
      opts.onStatus('connected');
      opts.onConnected?.();
    },
    onStompError: (frame) => {
      const code = Number(frame.headers.code);
      if (Number.isFinite(code) && code > 0) opts.onRefused?.(code);
    },
    onWebSocketClose: () => {
      // Spec §4/§8: a failed or lost link is retried after the delay; a link being closed is simply off.
      if (client.active) opts.onStatus('reconnecting');
    },
  });
  opts.onStatus('connecting');
  client.activate();
  return {
    close: async () => {
      await client.deactivate();
      opts.onStatus('off');
    },
  };
}
