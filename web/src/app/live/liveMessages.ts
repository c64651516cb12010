import { liveMessage, type LiveMessage } from '@kayuh/contract/api/live';

/** A pushed frame's body as the contract's LiveMessage, or null when it is not one (spec §8: ignored). */
export function parseLiveMessage(body: string): LiveMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = liveMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}
