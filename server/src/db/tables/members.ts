/**
 * Riders (DOMAIN §2.3) and how they sign in to the rider app: one-time codes, bearer sessions and the auth journal.
 * Members never share a table with staff (users). Balances are not here: they live in ledger accounts (DOMAIN §4).
 * Re-exported by ../schema.ts, which drizzle-kit reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, char, check, date, decimal, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appendOnly, audited, id, tenantId, ts } from '../columns.ts';

const live = sql`deleted_at IS NULL`;

/** A rider, swap subscriber or renter; tenant-wide, so a member rides in every city of the tenant. */
export const members = pgTable(
  'members',
  {
    id: id(),
    tenantId: tenantId(),
    memberNo: text('member_no').notNull(),
    phone: text('phone').notNull(),
    nickName: text('nick_name'),
    avatarUrl: text('avatar_url'),
    email: text('email'),
    gender: smallint('gender'),
    birthDate: date('birth_date'),
    lang: char('lang', { length: 2 }).notNull().default('ID'),
    registerSource: smallint('register_source').notNull().default(1),
    registerCityCode: bigint('register_city_code', { mode: 'number' }),
    referrerId: bigint('referrer_id', { mode: 'number' }),
    status: smallint('status').notNull().default(0),
    kycStatus: smallint('kyc_status').notNull().default(0),
    /** The verified NIK, sealed (platform/secrets/fieldCipher.ts); its masked form and keyed digest beside it. */
    nikEnc: text('nik_enc'),
    nikMasked: text('nik_masked'),
    nikDigest: text('nik_digest'),
    realName: text('real_name'),
    levelId: bigint('level_id', { mode: 'number' }),
    points: integer('points').notNull().default(0),
    growth: integer('growth').notNull().default(0),
    firstRideAt: ts('first_ride_at'),
    lastActiveAt: ts('last_active_at'),
    ...audited(),
  },
  (t) => [
    uniqueIndex('members_phone_uq').on(t.tenantId, t.phone).where(live),
    // A phone searched across the caller's rows (memberPhone.ts): one member per tenant at most.
    index('members_phone_idx').on(t.phone).where(live),
    uniqueIndex('members_no_uq').on(t.tenantId, t.memberNo).where(live),
    index('members_city_idx').on(t.tenantId, t.registerCityCode, t.id).where(live),
    // The member list, newest first: all of the tenant's, and a city's with the members who named none — the city
    // last, so "this city or none" is checked in the index (its capped count: 16 ms → 1 ms).
    index('members_created_idx').on(t.tenantId, t.createdAt, t.id, t.registerCityCode).where(live),
    // One NIK verifies one member of a tenant.
    uniqueIndex('members_nik_uq')
      .on(t.tenantId, t.nikDigest)
      .where(sql`deleted_at IS NULL AND nik_digest IS NOT NULL`),
    // New members of a city's day (the home's figures).
    index('members_city_created_idx').on(t.tenantId, t.registerCityCode, t.createdAt).where(live),
  ],
);

/** A signed-in rider app: the bearer token is kept only as its SHA-256. */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: id(),
    tenantId: tenantId(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ...appendOnly(),
  },
  (t) => [uniqueIndex('member_sessions_token_uq').on(t.tokenHash), index('member_sessions_member_idx').on(t.memberId)],
);

/** A one-time code sent to a phone: kept as a hash, spent once, counted when guessed wrong. */
export const memberOtps = pgTable(
  'member_otps',
  {
    id: id(),
    tenantId: tenantId(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    ip: text('ip'),
    ...appendOnly(),
  },
  (t) => [index('member_otps_phone_idx').on(t.tenantId, t.phone, t.id)],
);

/**
 * Phone numbers a tenant keeps for app reviewers and tests (like Firebase's test numbers): no code is sent, the
 * fixed code signs in.
 */
export const memberTestPhones = pgTable(
  'member_test_phones',
  {
    id: id(),
    tenantId: tenantId(),
    phone: text('phone').notNull(),
    fixedCode: text('fixed_code').notNull(),
    ...audited(),
  },
  (t) => [uniqueIndex('member_test_phones_uq').on(t.tenantId, t.phone).where(live)],
);

/** [A] The rider's sign-in trail (userAuthLog): codes sent and tried, locks, tokens issued and ended. */
export const memberAuthLogs = pgTable(
  'member_auth_logs',
  {
    id: id(),
    tenantId: tenantId(),
    memberId: bigint('member_id', { mode: 'number' }),
    phone: text('phone').notNull(),
    event: text('event').notNull(),
    ip: text('ip'),
    detail: jsonb('detail'),
    ...appendOnly(),
  },
  (t) => [
    index('member_auth_logs_phone_idx').on(t.tenantId, t.phone, t.id),
    // The trail newest first (/log_main/userAuthLog, /user_main/login_log), as the lists order it.
    index('member_auth_logs_time_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

/**
 * [A-ish] One send to one recipient (DOMAIN §2.9; /news_main/record). Transactional sends such as OTPs have no
 * message; with no provider configured the send is recorded here with status 'recorded' for the message pages.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: id(),
    tenantId: tenantId(),
    messageId: bigint('message_id', { mode: 'number' }),
    channel: smallint('channel').notNull(),
    recipientType: smallint('recipient_type').notNull(),
    recipientId: bigint('recipient_id', { mode: 'number' }),
    toAddress: text('to_address').notNull(),
    templateCode: text('template_code'),
    params: jsonb('params'),
    provider: text('provider'),
    providerMsgId: text('provider_msg_id'),
    status: smallint('status').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    failReason: text('fail_reason'),
    ...appendOnly(),
  },
  (t) => [index('message_deliveries_to_idx').on(t.tenantId, t.toAddress, t.id)],
);

/**
 * An identity check a member sent from the app (DOMAIN §2.3 kyc_reviews, docs/kyc.md): the document's number sealed,
 * masked and digested as members' NIKs are; its photos kept as private files (never under the public uploads).
 * Pending (0) until customer service approves (1) or rejects (2) it with a reason.
 */
export const kycReviews = pgTable(
  'kyc_reviews',
  {
    id: id(),
    tenantId: tenantId(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** The member's city of registration when they sent it: the review list follows it as the member list does. */
    cityCode: bigint('city_code', { mode: 'number' }),
    idType: smallint('id_type').notNull(),
    idNumberEnc: text('id_number_enc').notNull(),
    idNumberMasked: text('id_number_masked').notNull(),
    idNumberDigest: text('id_number_digest').notNull(),
    realName: text('real_name').notNull(),
    /** What a KTP's NIK encodes; null for other documents. */
    birthDate: date('birth_date'),
    idPhotoUrl: text('id_photo_url').notNull(),
    selfieUrl: text('selfie_url').notNull(),
    faceScore: smallint('face_score'),
    providerRef: text('provider_ref'),
    status: smallint('status').notNull().default(0),
    reviewerId: bigint('reviewer_id', { mode: 'number' }),
    reviewedAt: ts('reviewed_at'),
    rejectReason: smallint('reject_reason'),
    ...audited(),
  },
  (t) => [
    // The queue, newest first, of a city and of all cities. Not partial: a submission is never removed, so its list
    // does not ask for deleted_at.
    index('kyc_reviews_city_idx').on(t.tenantId, t.cityCode, t.createdAt, t.id),
    // The city rides along, so a city's capped count walks this index newest first and stops at the cap, reading no
    // row (the list of a city with the city-less rows asks `city_code = $1 OR city_code IS NULL`, which city_idx cannot order).
    index('kyc_reviews_created_idx').on(t.tenantId, t.createdAt, t.id, t.cityCode),
    index('kyc_reviews_member_idx').on(t.memberId, t.createdAt),
    // A duplicate is found by the number's digest among the tenant's verified members and pending checks.
    index('kyc_reviews_digest_idx').on(t.tenantId, t.idNumberDigest),
    // One check waits per member: a second is sent only once the first is decided.
    uniqueIndex('kyc_reviews_member_pending_uq')
      .on(t.memberId)
      .where(sql`status = 0 AND deleted_at IS NULL`),
    check('kyc_reviews_status_ck', sql`${t.status} BETWEEN 0 AND 2`),
    check('kyc_reviews_id_type_ck', sql`${t.idType} BETWEEN 1 AND 4`),
    check('kyc_reviews_reject_ck', sql`(${t.status} = 2) = (${t.rejectReason} IS NOT NULL)`),
    check('kyc_reviews_face_ck', sql`${t.faceScore} BETWEEN 0 AND 100`),
  ],
);

/**
 * What a member reported from the app (DOMAIN §2.3 feedbacks, docs/feedback.md): a fault, a complaint, a dispute, with
 * the ride or vehicle it names and up to three private photos (file keys under `feedback/…`). Customer service's
 * reply, the refund it opened and its handler are kept on the row; a fault it raised points back with feedback_id.
 */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: id(),
    tenantId: tenantId(),
    /** FB + yyMMdd + the id's last 8 digits: what the rider quotes to customer service. */
    feedbackNo: text('feedback_no').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** The city of the ride or vehicle it names, else the member's city of registration. */
    cityCode: bigint('city_code', { mode: 'number' }),
    type: smallint('type').notNull(),
    rideOrderId: bigint('ride_order_id', { mode: 'number' }),
    vehicleId: bigint('vehicle_id', { mode: 'number' }),
    content: text('content').notNull(),
    /** File keys, in the order sent. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    lat: decimal('lat', { precision: 9, scale: 6 }),
    lng: decimal('lng', { precision: 9, scale: 6 }),
    status: smallint('status').notNull().default(0),
    handlerId: bigint('handler_id', { mode: 'number' }),
    reply: text('reply'),
    resolvedAt: ts('resolved_at'),
    ticketId: bigint('ticket_id', { mode: 'number' }),
    refundId: bigint('refund_id', { mode: 'number' }),
    ...audited(),
  },
  (t) => [
    uniqueIndex('feedbacks_no_uq').on(t.tenantId, t.feedbackNo),
    // The list, newest first, of a city and of all cities; never removed, so not partial on deleted_at.
    index('feedbacks_city_idx').on(t.tenantId, t.cityCode, t.createdAt, t.id),
    // With the city, as kyc_reviews_created_idx.
    index('feedbacks_created_idx').on(t.tenantId, t.createdAt, t.id, t.cityCode),
    index('feedbacks_member_idx').on(t.memberId, t.createdAt),
    // What is still open, for the customer centre's figures and the queue filtered to new and processing.
    index('feedbacks_open_idx')
      .on(t.tenantId, t.cityCode, t.createdAt)
      .where(sql`status IN (0, 1)`),
    check('feedbacks_status_ck', sql`${t.status} BETWEEN 0 AND 3`),
    check('feedbacks_type_ck', sql`${t.type} BETWEEN 1 AND 6`),
    check('feedbacks_photos_ck', sql`jsonb_typeof(${t.photos}) = 'array' AND jsonb_array_length(${t.photos}) <= 3`),
  ],
);
