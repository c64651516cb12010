import type { FieldDef, ResourceDef } from './types.ts';

/** What member_auth_logs.event records (server/src/modules/member/authLog.ts writes them). */
export const MEMBER_AUTH_EVENTS = [
  'otp.sent',
  'otp.sendFailed',
  'otp.throttled',
  'otp.wrong',
  'otp.expired',
  'otp.inFlight',
  'otp.whileLocked',
  'phone.locked',
  'member.created',
  'signin',
  'signin.refused',
  'logout',
] as const;
export type MemberAuthEvent = (typeof MEMBER_AUTH_EVENTS)[number];
/** The sign-ins and sign-outs among them: a member's login trail. */
export const MEMBER_LOGIN_EVENTS: readonly MemberAuthEvent[] = ['member.created', 'signin', 'signin.refused', 'logout'];

const eventField = (events: readonly MemberAuthEvent[]): FieldDef => ({
  name: 'event',
  type: 'text',
  options: events.map((value) => ({ value, label: `authEvent.${value}` })),
  form: false,
  list: true,
  filter: 'eq',
});
const trail = (events: readonly MemberAuthEvent[], technical: boolean): FieldDef[] => [
  { name: 'createdAt', type: 'datetime', form: false, list: true, sortable: true, filter: 'range' },
  { name: 'phone', type: 'text', form: false, list: true, filter: 'eq' },
  { name: 'memberId', type: 'ref', ref: { resource: 'member', labelField: 'memberNo' }, form: false, list: true, filter: 'eq' },
  eventField(events),
  { name: 'ip', type: 'text', form: false, list: true, filter: technical ? 'eq' : undefined },
  { name: 'detail', type: 'json', form: false, list: technical ? true : 'hidden' },
];

/**
 * A member's sign-ins for customer service (/user_main/login_log, DOMAIN §1.3): when they signed up, signed in, were
 * refused (a frozen or blacklisted account) and signed out, from which address — searched by the phone a rider calls
 * from. Read only; the rows are member_auth_logs' sign-in events.
 */
export const memberLoginLogResource: ResourceDef = {
  key: 'memberLoginLog',
  module: 'user',
  page: 'login_log',
  api: '/user/loginLog',
  idName: 'authLogId',
  scope: 'tenant',
  editable: false,
  actions: ['export'],
  fixed: { event: [...MEMBER_LOGIN_EVENTS] },
  paging: 'cursor',
  totalCap: 1_000,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'phone',
  fields: trail(MEMBER_LOGIN_EVENTS, false),
};

/**
 * The riders' whole sign-in trail (/log_main/userAuthLog, DOMAIN §1.9): every code sent, refused, tried wrong or
 * expired, every lock, sign-up, sign-in and sign-out, with the address and what the server noted. Read only.
 */
export const memberAuthLogResource: ResourceDef = {
  key: 'memberAuthLog',
  module: 'log',
  page: 'userAuthLog',
  api: '/log/memberAuth',
  idName: 'authLogId',
  scope: 'tenant',
  editable: false,
  actions: ['export'],
  paging: 'cursor',
  totalCap: 1_000,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'phone',
  fields: trail(MEMBER_AUTH_EVENTS, true),
};
