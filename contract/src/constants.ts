/** The spec's business constants (spec §9), in one place for server and web. */
export const HTTP_TIMEOUT_MS = 60_000;
export const MAX_OPEN_TABS = 8;
export const NOTICE_DISPLAY_MS = 60_000;
export const STOMP_HEARTBEAT_MS = 30_000;
export const RECONNECT_DELAY_MS = 5_000;
export const ALERT_SOUND_DEBOUNCE_MS = 1_500;
export const EARTH_RADIUS_KM = 6378.137;
export const SUCCESS_KEY = 1000;
export const GUIDE_STATUS_PENDING = '0';
export const GUIDE_STATUS_DONE = '1';
/** Dept id 1 in a role's deptIds = every city visible. */
export const ALL_CITIES_DEPT_ID = 1;
/** City code 1 = "all cities"; the selector shows it as an empty value. */
export const ALL_CITIES_CODE = 1;
export const SUPER_ADMIN_ROLE_ID = 1;
export const PLATFORM_TENANT_ID = 1;
/** Action-button groups: more than this many visible collapse, keeping INLINE inline. */
export const ACTION_COLLAPSE_ABOVE = 3;
export const ACTION_INLINE_WHEN_COLLAPSED = 2;

/** Session lifetime (DOMAIN §5.2). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Failed sign-ins before the account locks, and for how long (DESIGN §10). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/**
 * A picker's first answer (GET …/options) holds at most this many choices, in label order; a picker of a longer
 * list searches the server as the user types, and reads the labels of the values it shows by those values.
 */
export const OPTIONS_MAX = 200;

export const PAGE_SIZE_MAX = 500;
/** A list's total is counted up to here and no further, so no count scans a huge table to its end (DESIGN §9). */
export const LIST_TOTAL_CAP = 100_000;
/**
 * A cursor-paged list (an append-only log that only grows: frames, commands) counts to here: it is read page after
 * page from the newest, never jumped into, so "at least 10,000" says enough and a count of 100,000 log rows was most
 * of its time (bench:lists).
 */
export const CURSOR_LIST_TOTAL_CAP = 10_000;
/** Where a resource's list total stops: its own cap, else its paging's. */
export const listTotalCap = (def: { paging?: 'cursor'; totalCap?: number }) =>
  def.totalCap ?? (def.paging === 'cursor' ? CURSOR_LIST_TOTAL_CAP : LIST_TOTAL_CAP);
/** Longest list cursor (nextCursor) a list accepts back. */
export const CURSOR_MAX = 2048;

/**
 * Request rate limits (429 with Retry-After): how many calls per window, counted by the client's address, by the
 * user name tried, or by the signed-in user. Shared across instances through Redis when it is configured.
 */
export const RATE_LIMITS = {
  signInPerIp: { max: 60, windowMs: 60_000, by: 'ip' },
  signInPerUserName: { max: 20, windowMs: 60_000, by: 'userName' },
  oldPasswordCheck: { max: 5, windowMs: 15 * 60_000, by: 'user' },
  upload: { max: 30, windowMs: 60_000, by: 'user' },
  export: { max: 10, windowMs: 60_000, by: 'user' },
  liveUpgrade: { max: 30, windowMs: 60_000, by: 'ip' },
  /** Rider-app codes asked for and tried from one address (many riders share one behind carrier NAT). */
  otpSendPerIp: { max: 30, windowMs: 15 * 60_000, by: 'ip' },
  otpVerifyPerIp: { max: 60, windowMs: 15 * 60_000, by: 'ip' },
  /** Identity forms a rider sends (each carries two photos). */
  kycSubmit: { max: 10, windowMs: 60 * 60_000, by: 'member' },
  /** Reports a rider sends (each may carry three photos). */
  feedbackSubmit: { max: 20, windowMs: 60 * 60_000, by: 'member' },
  /** Merchant applications a rider sends (each carries up to three photos). */
  merchantApply: { max: 10, windowMs: 60 * 60_000, by: 'member' },
  /** Join applications a rider sends. */
  joinApply: { max: 10, windowMs: 60 * 60_000, by: 'member' },
} as const satisfies Record<string, { max: number; windowMs: number; by: 'ip' | 'userName' | 'user' | 'member' }>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Spec §8 session-end warnings, in the spec's own words: 3001 in English, Chinese when the language is ZH;
 * 4001 shows the server's message, and these words when it sends none.
 */
export const SIGNED_IN_ELSEWHERE_TEXT = { ZH: '用户已在其他地方登录', other: 'User has logged in elsewhere' } as const;
export const LOGIN_EXPIRED_DEFAULT_TEXT = { ZH: '登录已过期，请重新登录', other: 'Info masuk kedaluwarsa, masuk lagi' } as const;

/** A tree (depts, menus) answers whole, up to this many rows, when its list call sends no paging. */
export const TREE_ROWS_MAX = 5_000;

/** A bulk event (POST …/<event>/bulk) takes at most this many rows; each is fired on its own. */
export const BULK_ITEMS_MAX = 200;
/** A row's event timeline (GET …/{id}/events) answers its newest events, up to this many, with their total. */
export const EVENT_TIMELINE_MAX = 100;

/** Money (DOMAIN §4.3, §3.7, §3.10). An idempotency key is kept this long, then a repeat runs anew. */
export const IDEMPOTENCY_KEY_TTL_DAYS = 7;
/** An Idempotency-Key header: a client-made UUID or like token, 8 to 64 letters, digits, dashes or underscores. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** A key still "in progress" after this long belongs to a worker that died: the next repeat takes it over. */
export const IDEMPOTENCY_STALE_SECONDS = 120;
/** A dynamic QRIS code and its payment order expire this long after they are issued. */
export const QRIS_EXPIRY_MINUTES = 15;
/** A ride paid by QRIS after it ended and not paid within this many hours becomes abnormal (DOMAIN §3.4 pay_fail, reason 5). */
export const PAY_AFTER_RIDE_HOURS = 24;
/** A VA or e-wallet payment order waits this long for the member to pay. */
export const PAYMENT_ORDER_EXPIRY_MINUTES = 60;

/** Rider-app sign-in by one-time code (docs/app-api.md). */
export const OTP_LENGTH = 6;
/** How long a code sent signs in. */
export const OTP_TTL_MS = 5 * 60_000;
/** A phone is sent a new code no sooner than this after the last one. */
export const OTP_RESEND_COOLDOWN_MS = 60_000;
/** At most this many codes per phone within OTP_SEND_WINDOW_MS. */
export const OTP_SENDS_PER_WINDOW = 5;
export const OTP_SEND_WINDOW_MS = 60 * 60_000;
/** Wrong codes in a row (across resends within OTP_LOCK_MS) before the phone locks, and for how long. */
export const OTP_MAX_FAILURES = 5;
export const OTP_LOCK_MS = 15 * 60_000;
/** A rider-app session ends after this long unused, and in any case this long after sign-in. */
export const MEMBER_SESSION_IDLE_MS = 30 * 24 * 60 * 60_000;
export const MEMBER_SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60_000;

/** DOMAIN §7: a ride counts (reports, a member's first ride) once it lasted this long; shorter ones are short rides. */
export const VALID_RIDE_MIN_S = 60;
