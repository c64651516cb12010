/**
 * The field tool's outbox: a ticket submit made with a flaky connection waits here — photos and all, in the phone's
 * IndexedDB, so a closed tab or a flat battery does not lose it — and is sent once the network is back. Each submit
 * carries the Idempotency-Key it was given when the technician pressed *Submit*: a retry of a submit whose answer was
 * lost gets the first answer (1000), not a second submit. Photos are uploaded first and their addresses kept with the
 * item, so every retry sends the very same body.
 */

export interface QueuedSubmit {
  /** The Idempotency-Key, made once when the technician submitted. */
  key: string;
  /** Whose submit it is: only the same signed-in user sends it. */
  userId: number;
  ticketId: number;
  ticketNo: string;
  /** The submit's fields but the photos (outcome, battery, checklist, note, position). */
  body: Record<string, unknown>;
  /** Photos taken on the phone, not yet uploaded. */
  photos: Blob[];
  /** Their addresses once uploaded (then `photos` is emptied). */
  photoUrls?: string[];
  /** ISO 8601. */
  queuedAt: string;
  /** The server refused it (not a network fault): why. The technician reads it and discards the item. */
  refusal?: string;
}

/** Where the queue lives (IndexedDB in the browser; a Map in tests). */
export interface QueueStore {
  load(): Promise<QueuedSubmit[]>;
  save(items: QueuedSubmit[]): Promise<void>;
}

/** What sending needs: an upload of one photo, and the submit itself. */
export interface QueueSender {
  upload(photo: Blob): Promise<string>;
  submit(key: string, ticketId: number, body: Record<string, unknown>): Promise<unknown>;
  /** Whether a failure is the network's (keep and retry later) rather than the server's answer (a refusal). */
  isOffline(error: unknown): boolean;
  /** A refusal's words. */
  reason(error: unknown): string;
}

export type FlushResult = { sent: QueuedSubmit[]; refused: QueuedSubmit[]; waiting: number };

/** The submit's body as sent: its fields with the uploaded photos as photo1…photo3. */
export const bodyOf = (item: QueuedSubmit): Record<string, unknown> => ({
  ...item.body,
  ...Object.fromEntries((item.photoUrls ?? []).map((url, i) => [`photo${i + 1}`, url])),
});

export class SubmitQueue {
  private flushing: Promise<FlushResult> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly store: QueueStore) {}

  /** Told whenever the queue changes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  list(): Promise<QueuedSubmit[]> {
    return this.store.load();
  }

  async add(item: QueuedSubmit): Promise<void> {
    const items = await this.store.load();
    await this.store.save([...items.filter((x) => x.key !== item.key), item]);
    this.changed();
  }

  async discard(key: string): Promise<void> {
    const items = await this.store.load();
    await this.store.save(items.filter((x) => x.key !== key));
    this.changed();
  }

  /**
   * Sends the user's waiting submits in the order they were made, one flush at a time (a second call joins the
   * first). A network fault stops the flush and keeps the rest for the next; a refusal is kept with its reason.
   */
  flush(userId: number, sender: QueueSender): Promise<FlushResult> {
    this.flushing ??= this.run(userId, sender).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(userId: number, sender: QueueSender): Promise<FlushResult> {
    const result: FlushResult = { sent: [], refused: [], waiting: 0 };
    for (const queued of await this.store.load()) {
      if (queued.userId !== userId || queued.refusal) continue;
      let item = queued;
      try {
        if (!item.photoUrls) {
          const photoUrls: string[] = [];
          for (const photo of item.photos) photoUrls.push(await sender.upload(photo));
          item = { ...item, photos: [], photoUrls };
          await this.replace(item);
        }
        await sender.submit(item.key, item.ticketId, bodyOf(item));
        await this.discard(item.key);
        result.sent.push(item);
      } catch (error) {
        if (sender.isOffline(error)) break;
        item = { ...item, refusal: sender.reason(error) };
        await this.replace(item);
        result.refused.push(item);
      }
    }
    result.waiting = (await this.store.load()).filter((x) => x.userId === userId && !x.refusal).length;
    return result;
  }

  private async replace(item: QueuedSubmit): Promise<void> {
    const items = await this.store.load();
    await this.store.save(items.map((x) => (x.key === item.key ? item : x)));
    this.changed();
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }
}
