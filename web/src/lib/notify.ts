import { message } from 'antd';

/** The slice of antd's message API the app uses; the provider binds the themed instance from App.useApp(). */
export interface Notifier {
  open: (args: { type: 'error' | 'warning' | 'success' | 'info'; content: string; key: string }) => unknown;
}

let notifier: Notifier | null = null;

export function bindNotifier(next: Notifier | null): void {
  notifier = next;
}

/**
 * Toasts are grouped (spec §8): the text is the key, so an identical message replaces the one on
 * screen instead of stacking when ten requests fail the same way.
 */
export function toast(type: 'error' | 'warning' | 'success' | 'info', text: string): void {
  if (!text) return;
  (notifier ?? message).open({ type, content: text, key: text });
}
