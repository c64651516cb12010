/**
 * The one place where successful calls can complete tour steps (spec §4): when a call succeeds on a
 * path equal to a pending guide item's requestInterface, the tour finishes that item. The HTTP client
 * reports every success here; the tour feature (not built yet) registers the listener with
 * `setSuccessListener`, so the client never needs to know about tours.
 */
type SuccessListener = (path: string) => void;

let listener: SuccessListener | null = null;

export function setSuccessListener(next: SuccessListener | null): void {
  listener = next;
}

export function onSuccess(path: string): void {
  try {
    listener?.(path);
  } catch {
    // A tour failure must never turn a successful business call into a failed one.
  }
}
