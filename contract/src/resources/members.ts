import type { FieldDef, ResourceDef } from './types.ts';

/** members.status (DOMAIN §2.3): only a normal member signs in, rides, swaps and buys. */
export const MemberStatus = { normal: 0, frozen: 1, blacklisted: 2, closed: 3 } as const;

/**
 * A pasted list of members' phones (one per line, or separated by commas), as a grant or a tag's event takes it; the
 * server reads it with membersOfPhoneList.
 */
export const pastedPhones = (field: Pick<FieldDef, 'label' | 'hint' | 'required'>): FieldDef => ({
  name: 'phones',
  type: 'textarea',
  max: 10_000,
  span: 24,
  example: '+6281200000101',
  ...field,
});

const S = (s: number) => String(s);
const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });
const reason: FieldDef = { name: 'note', type: 'textarea', required: true, max: 300, label: 'field.member.note', span: 24 };

/**
 * Members (/user_main/user_admin, DOMAIN §2.3): riders, swap subscribers and renters, who sign up in the rider app —
 * never added here. Found by phone or number; their balances read from the ledger, their rides, swaps, passes and
 * coupons on the detail. Customer service freezes a member (signed out at once, no ride, swap or purchase until
 * unfrozen) and blacklists one; each with its reason. Listed by the city they registered in (DOMAIN §2.3); ever
 * growing (2 M at scale): newest first by cursor.
 */
export const memberResource: ResourceDef = {
  key: 'member',
  module: 'user',
  page: 'user_admin',
  api: '/user/member',
  idName: 'memberId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['export'],
  paging: 'cursor',
  totalCap: 1_000,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'phone',
  fields: [
    shown({ name: 'memberNo', type: 'text', list: true, filter: 'eq' }),
    shown({ name: 'phone', type: 'text', list: true, filter: 'eq' }),
    shown({ name: 'nickName', type: 'text', list: true }),
    shown({ name: 'status', type: 'dict', dict: 'members_status', list: true, filter: 'in' }),
    shown({ name: 'kycStatus', type: 'dict', dict: 'members_kyc_status', list: true, filter: 'eq' }),
    // The city the member registered in (members.register_city_code), which the lists follow.
    shown({ name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, list: true }),
    shown({ name: 'walletBalance', type: 'money', serverOnly: true, computed: true, list: true }),
    shown({ name: 'bonusBalance', type: 'money', serverOnly: true, computed: true, list: true }),
    shown({ name: 'currency', type: 'text', serverOnly: true, computed: true, list: 'hidden' }),
    shown({ name: 'realName', type: 'text', list: 'hidden' }),
    // The verified NIK, masked (3201********0003); revealed with user:user_admin:reveal, journalled.
    shown({ name: 'nikMasked', type: 'text', list: 'hidden' }),
    shown({ name: 'registerSource', type: 'dict', dict: 'members_register_source', list: 'hidden', filter: 'eq' }),
    shown({ name: 'lang', type: 'dict', dict: 'members_lang', list: 'hidden' }),
    shown({ name: 'email', type: 'text', list: 'hidden' }),
    shown({ name: 'levelId', type: 'ref', ref: { resource: 'memberLevel', labelField: 'nameKey' }, list: 'hidden' }),
    shown({ name: 'points', type: 'int', list: 'hidden' }),
    shown({ name: 'growth', type: 'int', list: 'hidden' }),
    shown({ name: 'firstRideAt', type: 'datetime', list: 'hidden' }),
    shown({ name: 'lastActiveAt', type: 'datetime', list: true }),
    shown({ name: 'remark', type: 'text', list: 'hidden' }),
    shown({ name: 'createdAt', type: 'datetime', list: true, sortable: true, filter: 'range' }),
  ],
  transitions: [
    {
      name: 'freezeMember',
      field: 'status',
      from: [S(MemberStatus.normal)],
      to: S(MemberStatus.frozen),
      action: 'lock',
      confirm: true,
      payload: [reason],
    },
    { name: 'unfreezeMember', field: 'status', from: [S(MemberStatus.frozen)], to: S(MemberStatus.normal), action: 'unlock', payload: [reason] },
    {
      name: 'blacklistMember',
      field: 'status',
      from: [S(MemberStatus.normal), S(MemberStatus.frozen)],
      to: S(MemberStatus.blacklisted),
      action: 'lock',
      confirm: true,
      payload: [reason],
    },
    {
      name: 'unblacklistMember',
      field: 'status',
      from: [S(MemberStatus.blacklisted)],
      to: S(MemberStatus.normal),
      action: 'unlock',
      payload: [reason],
    },
    {
      // The account ends (docs/members.md): the wallet refunded, the bonus forfeited, never undone.
      name: 'closeMember',
      field: 'status',
      from: [S(MemberStatus.normal), S(MemberStatus.frozen)],
      to: S(MemberStatus.closed),
      action: 'cancel',
      confirm: true,
      payload: [reason],
    },
  ],
  related: [
    { resource: 'rideOrder', field: 'memberId', title: 'related.member.rides' },
    { resource: 'swapOrder', field: 'memberId', title: 'related.member.swaps' },
    { resource: 'userCard', field: 'memberId', title: 'related.member.cards' },
    { resource: 'userCoupon', field: 'memberId', title: 'related.member.coupons' },
    { resource: 'kycReview', field: 'memberId', title: 'related.member.kycReviews' },
    { resource: 'feedback', field: 'memberId', title: 'related.member.feedbacks' },
    { resource: 'memberLoginLog', field: 'memberId', title: 'related.member.logins' },
    { resource: 'memberTagLink', field: 'memberId', title: 'related.member.tags' },
    { resource: 'pointLedger', field: 'memberId', title: 'related.member.points' },
  ],
};
