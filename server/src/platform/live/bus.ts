import { z } from 'zod';

/** What one instance tells every instance (itself included) about the live link. */
export const busEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('deliver'),
    /** Only connections of this tenant receive it, whatever the user ids say. */
    tenantId: z.number().int().positive(),
    userIds: z.array(z.number().int().positive()).max(100_000),
    messageId: z.string().max(100),
    body: z.string().max(64 * 1024),
  }),
  z.object({
    type: z.literal('endSession'),
    sessionId: z.number().int().positive(),
    /** The session-end code its ERROR frame carries (3001, 4001, 10007). */
    code: z.number().int(),
  }),
]);
export type BusEvent = z.infer<typeof busEvent>;

/**
 * Fan-out between server instances. `publish` reaches the handler of every instance, this one included (at
 * once, without a round trip), so a message is delivered wherever its user's connections are.
 */
export interface Bus {
  publish(event: BusEvent): Promise<void>;
  onEvent(handler: (event: BusEvent) => void): void;
  /** Resolves once events from other instances are heard (startup does not wait for it; tests and the bench do). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One instance, no Redis: publishing is handing the event to the local handler. */
export class InProcessBus implements Bus {
  private handler: (event: BusEvent) => void = () => {};

  async publish(event: BusEvent): Promise<void> {
    this.handler(event);
  }

  onEvent(handler: (event: BusEvent) => void): void {
    this.handler = handler;
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {}
}
