import { z } from 'zod';

/**
 * Riders' feedback (docs/feedback.md). The rider app sends a report as one multipart form — its type, what happened,
 * the ride or vehicle it is about, where, and up to three photos — and reads its reports back with customer service's
 * replies. Staff work it on /user_main/backFeed.
 */

/** The photos a report may carry, by field name. */
export const FEEDBACK_PHOTOS = ['photo1', 'photo2', 'photo3'] as const;
export type FeedbackPhoto = (typeof FEEDBACK_PHOTOS)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));
const optionalCoordinate = (limit: number) =>
  z
    .union([z.literal(''), z.coerce.number().min(-limit).max(limit)])
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** The form fields beside the photos. */
export const feedbackSubmitFields = z
  .object({
    /** feedbacks.type: 1 fault report, 2 parking complaint, 3 billing dispute, 4 suggestion, 5 lost item, 6 other. */
    type: z.coerce.number().int().min(1).max(6),
    content: z.string().trim().min(5).max(1_000),
    /** One of my rides (a billing dispute names one). */
    rideOrderNo: optionalText(40),
    /** The vehicle's number as printed on it (a fault report names one, or its ride does). */
    vehicleNo: optionalText(40),
    lat: optionalCoordinate(90),
    lng: optionalCoordinate(180),
  })
  .refine((form) => (form.lat === undefined) === (form.lng === undefined), { path: ['lng'], message: 'required' });
export type FeedbackSubmitFields = z.infer<typeof feedbackSubmitFields>;

/** One of my reports as the app shows it. */
export const feedbackView = z.object({
  feedbackNo: z.string(),
  type: z.number().int(),
  content: z.string(),
  rideOrderNo: z.string().nullable(),
  vehicleNo: z.string().nullable(),
  photoCount: z.number().int(),
  /** feedbacks.status: 0 new, 1 processing, 2 resolved, 3 closed. */
  status: z.number().int(),
  /** Customer service's answer, once there is one. */
  reply: z.string().nullable(),
  submittedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type FeedbackView = z.infer<typeof feedbackView>;

/** How many of my reports the app reads back, newest first. */
export const MY_FEEDBACK_MAX = 50;

/** A report's photo, read by staff of its city (user:backFeed:view). */
export const feedbackPhotoParams = z.object({
  feedbackId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  index: z.coerce.number().int().min(1).max(FEEDBACK_PHOTOS.length),
});
