import { z } from 'zod';
import { isNoticeLink } from '../rules/noticeLink.ts';
import { liveMessage, type NoticeSender } from './live.ts';

/**
 * Staff notices (DOMAIN §2.9 staff_notifications): what was pushed over the live link, kept so a missed push is
 * shown later (the header's bell), and the page that sends one to users, a role, a city's staff or a whole tenant.
 */
export const STAFF_NOTICE_API = '/message/staffNotice';
/** Sending a notice, on the send page and over the live link alike. */
export const STAFF_NOTICE_SEND_PERM = 'message:staffNotice:send';
export const NOTICE_AUDIENCES = ['users', 'role', 'city', 'tenant'] as const;
export type NoticeAudienceType = (typeof NOTICE_AUDIENCES)[number];
/** At most this many users picked one by one; a larger audience is a role, a city or the tenant. */
export const NOTICE_USERS_MAX = 200;
export const NOTICE_TITLE_MAX = 200;
export const NOTICE_MESSAGE_MAX = 2000;
export const NOTICE_URL_MAX = 500;
/** The bell lists this many of the newest. */
export const BELL_LIST_SIZE = 10;

const id = z.coerce.number().int().positive();
const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * POST …/send. The audience's own field is required by its type; a titled notice needs its title; a link must be
 * a route of the console. Refinements name their catalogue entry (validation.*).
 */
export const staffNoticeSend = z
  .object({
    audienceType: z.enum(NOTICE_AUDIENCES),
    userIds: z.array(id).max(NOTICE_USERS_MAX).optional(),
    roleId: id.optional(),
    cityCode: id.optional(),
    bizCmd: liveMessage.shape.bizCmd,
    title: optionalText(NOTICE_TITLE_MAX),
    message: z.string().trim().min(1).max(NOTICE_MESSAGE_MAX),
    url: optionalText(NOTICE_URL_MAX).refine((url) => !url || isNoticeLink(url), { message: 'noticeUrl' }),
  })
  .superRefine((body, ctx) => {
    const required = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: 'required' });
    if (body.audienceType === 'users' && !body.userIds?.length) required('userIds');
    if (body.audienceType === 'role' && body.roleId === undefined) required('roleId');
    if (body.audienceType === 'city' && body.cityCode === undefined) required('cityCode');
    if (body.bizCmd === 'titleMessage' && !body.title) required('title');
  });
export type StaffNoticeSend = z.infer<typeof staffNoticeSend>;

/** What a send answers: how many users it reached (stored for each, pushed to those online). */
export interface StaffNoticeSent {
  reached: number;
}

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

/** POST …/mine: the caller's own notifications, newest first. */
export const myNoticesQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(BELL_LIST_SIZE),
  unreadOnly: flag.optional(),
});
export type MyNoticesQuery = z.input<typeof myNoticesQuery>;

/** POST …/read: some of the caller's notifications read. */
export const noticeIds = z.object({ ids: z.array(id).min(1).max(500) });

/** One stored notification, as the bell lists it. */
export interface StaffNotification {
  notificationId: number;
  bizCmd: 'message' | 'titleMessage';
  title: string | null;
  message: string;
  url: string | null;
  /** The staff member who sent it; null for the system's own notices. */
  sender: NoticeSender | null;
  /** ISO instants. */
  readAt: string | null;
  createdAt: string;
}
