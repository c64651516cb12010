import { z } from 'zod';

/**
 * The rider app's battery swaps (docs/swaps.md): scan a cabinet, put the pack in the bay that opens, take the full one
 * from the next; the app follows the swap by its number. Amounts in the currency's smallest unit (DOMAIN §0.3).
 */

/** A cabinet's code, as its QR code carries it. */
export const startSwapRequest = z.object({
  stationCode: z.string().trim().min(1).max(30).describe("The cabinet's code, as its QR code carries it"),
});

export const swapsQuery = z.object({
  /** Swaps before this order (the last one of the page before); newest first. */
  before: z.string().max(40).optional(),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

export const swapView = z.object({
  orderNo: z.string(),
  /** swap_orders.status: 0 put your pack in bay `slotIn`, 1 take the full pack from bay `slotOut`, 2 done, 3 failed. */
  status: z.number().int(),
  stationCode: z.string(),
  stationName: z.string(),
  cityCode: z.number().int(),
  slotIn: z.number().int().nullable(),
  slotOut: z.number().int().nullable(),
  oldSoc: z.number().int().nullable(),
  newSoc: z.number().int().nullable(),
  /** Paid by the swap plan (userCardId set, fee 0) or from the wallet (fee). */
  userCardId: z.number().int().nullable(),
  fee: z.number().int(),
  currency: z.string(),
  /** swap_orders.fail_reason: 1 door fault, 2 battery check failed, 3 timeout, 4 no full battery. */
  failReason: z.number().int().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Until when the open door waits for the member. */
  stepDueAt: z.string().nullable(),
});
export type SwapView = z.infer<typeof swapView>;
