import { pastedPhones } from './members.ts';
import type { FieldDef, ResourceDef } from './types.ts';

/** member_tags.kind (DOMAIN §2.3): members added by hand, or the members a rule matches. */
export const MemberTagKind = { manual: 1, rule: 2 } as const;
/** The most members one paste adds to a manual tag. */
export const TAG_ASSIGN_MAX = 500;
/** The period rides are counted over when a rule gives a number of rides and no period. */
export const TAG_RIDES_DAYS_DEFAULT = 30;
/** The colours a tag is drawn in (antd's preset tag colours). */
export const TAG_COLORS = ['blue', 'green', 'gold', 'orange', 'red', 'magenta', 'purple', 'cyan'] as const;

/** The rule's conditions, each a column; an empty one does not narrow. All that are set must hold. */
export const TAG_RULE_FIELDS = [
  'ruleMemberStatus',
  'ruleKycStatus',
  'ruleCityCode',
  'ruleRegisterSource',
  'ruleSignedUpDays',
  'ruleInactiveDays',
  'ruleRidesMin',
  'ruleRidesDays',
] as const;

const S = (s: number) => String(s);
/** The pasted phones of the members a manual tag takes in or lets go. */
const phones = (event: 'assign' | 'unassign') =>
  pastedPhones({ required: true, label: 'field.memberTag.phones', hint: `field.memberTag.phones.${event}.hint` });
const rule = (field: FieldDef): FieldDef => ({ list: 'hidden', hint: `field.memberTag.${field.name}.hint`, ...field });

/**
 * Member tags (/user_main/user_tag, DOMAIN §2.3, docs/member-tags.md): segments of riders. A manual tag takes members
 * in and lets them go by phone; a rule tag holds the members its rule matches, re-evaluated every
 * night and on demand. Coupons are granted to a tag's members at once (couponListPage).
 */
export const memberTagResource: ResourceDef = {
  key: 'memberTag',
  module: 'user',
  page: 'user_tag',
  api: '/user/memberTag',
  idName: 'tagId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'name',
  fields: [
    { name: 'name', type: 'text', required: true, max: 40, unique: true, list: true, filter: 'like', example: 'Komuter pagi' },
    {
      name: 'color',
      type: 'text',
      options: TAG_COLORS.map((value) => ({ value, label: `tagColor.${value}` })),
      defaultValue: 'blue',
      list: true,
      example: 'blue',
    },
    { name: 'kind', type: 'dict', dict: 'member_tags_kind', required: true, defaultValue: '1', form: 'add', list: true, filter: 'eq', example: '1' },
    { name: 'memberCount', type: 'int', serverOnly: true, form: false, list: true },
    rule({ name: 'ruleMemberStatus', type: 'dict', dict: 'members_status' }),
    rule({ name: 'ruleKycStatus', type: 'dict', dict: 'members_kyc_status' }),
    rule({ name: 'ruleCityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' } }),
    rule({ name: 'ruleRegisterSource', type: 'dict', dict: 'members_register_source' }),
    rule({ name: 'ruleSignedUpDays', type: 'int', min: 1, max: 3_650 }),
    rule({ name: 'ruleInactiveDays', type: 'int', min: 1, max: 3_650 }),
    rule({ name: 'ruleRidesMin', type: 'int', min: 1, max: 10_000 }),
    rule({ name: 'ruleRidesDays', type: 'int', min: 1, max: 365 }),
    { name: 'evaluatedAt', type: 'datetime', serverOnly: true, form: false, list: true },
    { name: 'remark', type: 'textarea', max: 300, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, form: false, list: 'hidden', sortable: true },
  ],
  transitions: [
    { name: 'assignTag', field: 'kind', from: [S(MemberTagKind.manual)], to: S(MemberTagKind.manual), action: 'assign', payload: [phones('assign')] },
    {
      name: 'unassignTag',
      field: 'kind',
      from: [S(MemberTagKind.manual)],
      to: S(MemberTagKind.manual),
      action: 'assign',
      confirm: true,
      payload: [phones('unassign')],
    },
    { name: 'evaluateTag', field: 'kind', from: [S(MemberTagKind.rule)], to: S(MemberTagKind.rule), action: 'assign', confirm: true },
  ],
  related: [{ resource: 'memberTagLink', field: 'tagId', title: 'related.memberTag.members' }],
};

/** The members carrying a tag (the tag's detail, the member's detail), found by phone; changed through the tag's events. */
export const memberTagLinkResource: ResourceDef = {
  key: 'memberTagLink',
  module: 'user',
  page: 'user_tag',
  api: '/user/memberTagLink',
  idName: 'linkId',
  scope: 'tenant',
  editable: true,
  actions: ['export'],
  // A rule tag may hold most of the tenant's members: newest first by cursor, counted to 1,000.
  paging: 'cursor',
  totalCap: 1_000,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'memberPhone',
  fields: [
    { name: 'tagId', type: 'ref', ref: { resource: 'memberTag', labelField: 'name' }, form: false, list: true, filter: 'eq' },
    { name: 'memberPhone', type: 'text', serverOnly: true, computed: true, form: false, list: true, filter: 'eq' },
    { name: 'memberId', type: 'ref', ref: { resource: 'member', labelField: 'phone' }, form: false, list: false, filter: 'eq' },
    { name: 'createdAt', type: 'datetime', serverOnly: true, form: false, list: true, sortable: true },
  ],
};
