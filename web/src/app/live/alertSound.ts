import { ALERT_SOUND_DEBOUNCE_MS } from '@kayuh/contract/constants';
// A 0.4 s two-note chime (A5 → E6, 16 kHz mono), made for Kayuh. A file of our own origin, as the CSP allows.
import chime from './notice.wav';

/** Spec §8: the alert sound plays at most once per window, however many pushes arrive inside it. */
export class AlertDebounce {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly windowMs: number = ALERT_SOUND_DEBOUNCE_MS) {}

  /** True when a sound may play now (and counts it as played). */
  allow(now: number = Date.now()): boolean {
    if (now - this.last < this.windowMs) return false;
    this.last = now;
    return true;
  }
}

/**
 * The chime of one tab's live link: plays unless it played within the window. A browser that blocks sound
 * before the first click stays quiet.
 */
export function createAlertSound(gate = new AlertDebounce()): () => void {
  let audio: HTMLAudioElement | undefined;
  return () => {
    if (!gate.allow()) return;
    audio ??= new Audio(chime);
    audio.currentTime = 0;
    void audio.play()?.catch(() => undefined);
  };
}
