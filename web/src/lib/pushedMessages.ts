import type { LiveMessage } from '@kayuh/contract/api/live';

/**
 * Pushed live messages for the features that react to them besides the notice itself (the header's alarm
 * indicator, spec §4). The live link publishes each message it accepted; features subscribe, so the link never
 * needs to know them. A listener's failure never stops the others.
 */
type Listener = (message: LiveMessage) => void;

const listeners = new Set<Listener>();

export function onPushedMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishPushedMessage(message: LiveMessage): void {
  for (const listener of listeners) {
    try {
      listener(message);
    } catch {
      // One feature's fault must not cost another its message.
    }
  }
}
