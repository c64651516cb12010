import type { FieldDef, ResourceDef } from './types.ts';

/** members.kyc_status (DOMAIN §2.3). */
export const KycStatus = { none: 0, pending: 1, verified: 2, rejected: 3 } as const;
/** kyc_reviews.status. */
export const KycReviewStatus = { pending: 0, approved: 1, rejected: 2 } as const;
/** kyc_reviews.reject_reason. */
export const KycRejectReason = { blurry: 1, mismatch: 2, underage: 3, duplicate: 4, other: 5 } as const;

const S = (s: number) => String(s);
const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });

/**
 * The identity review queue (/user_main/userReview, DOMAIN §2.3 kyc_reviews, docs/kyc.md): what a member sent from the
 * app — the document's type, its number (sealed; shown masked, revealed with user:userReview:reveal and journalled),
 * the name on it, the photo of the document and a selfie, read side by side. Approving verifies the member (their
 * name and NIK copied onto them); rejecting names the reason the app shows. A NIK already verified on another member
 * is named beside the submission, and approving it is refused. A member has one submission pending at a time.
 */
export const kycReviewResource: ResourceDef = {
  key: 'kycReview',
  module: 'user',
  page: 'userReview',
  api: '/user/kycReview',
  idName: 'kycReviewId',
  scope: 'tenant',
  // The member's city of registration, as the member list follows it.
  cityScoped: true,
  editable: false,
  actions: ['export'],
  paging: 'cursor',
  totalCap: 1_000,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'idNumberMasked',
  fields: [
    shown({ name: 'memberPhone', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
    shown({ name: 'realName', type: 'text', list: true }),
    shown({ name: 'idType', type: 'dict', dict: 'kyc_reviews_id_type', list: true, filter: 'eq' }),
    shown({ name: 'idNumberMasked', type: 'text', list: true }),
    // From a KTP's NIK: the birth date it encodes and the age today (a minor is rejected as underage).
    shown({ name: 'birthDate', type: 'date', list: 'hidden' }),
    shown({ name: 'age', type: 'int', serverOnly: true, computed: true, list: true }),
    // The member on whom the same number is already verified, if any.
    shown({ name: 'duplicateOf', type: 'text', serverOnly: true, computed: true, list: true }),
    shown({ name: 'faceScore', type: 'int', list: 'hidden' }),
    shown({ name: 'status', type: 'dict', dict: 'kyc_reviews_status', list: true, filter: 'in' }),
    shown({ name: 'rejectReason', type: 'dict', dict: 'kyc_reviews_reject_reason', list: true, filter: 'eq' }),
    shown({ name: 'reviewerId', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, list: 'hidden' }),
    shown({ name: 'reviewedAt', type: 'datetime', list: true }),
    shown({ name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, list: 'hidden' }),
    shown({ name: 'createdAt', type: 'datetime', list: true, sortable: true, filter: 'range' }),
    shown({ name: 'memberId', type: 'ref', ref: { resource: 'member', labelField: 'phone' }, list: false, filter: 'eq' }),
  ],
  transitions: [
    { name: 'approveKyc', field: 'status', from: [S(KycReviewStatus.pending)], to: S(KycReviewStatus.approved), action: 'audit', confirm: true },
    {
      name: 'rejectKyc',
      field: 'status',
      from: [S(KycReviewStatus.pending)],
      to: S(KycReviewStatus.rejected),
      action: 'audit',
      payload: [
        {
          name: 'rejectReason',
          type: 'dict',
          dict: 'kyc_reviews_reject_reason',
          required: true,
          label: 'field.kycReview.rejectReason',
          example: '1',
        },
      ],
    },
  ],
};
