import { REFUND_PAYLOAD } from './paymentOrders.ts';
import type { FieldDef, ResourceDef } from './types.ts';

/** feedbacks.type (DOMAIN §2.3). */
export const FeedbackType = { fault: 1, parking: 2, billing: 3, suggestion: 4, lostItem: 5, other: 6 } as const;
/** feedbacks.status. */
export const FeedbackStatus = { new: 0, processing: 1, resolved: 2, closed: 3 } as const;
/** What a reply may hold: what the rider's app shows under their feedback. */
export const FEEDBACK_REPLY_MAX = 1_000;

const S = (s: number) => String(s);
const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });
const open = [S(FeedbackStatus.new), S(FeedbackStatus.processing)];
const reply = (required: boolean): FieldDef => ({
  name: 'reply',
  type: 'textarea',
  required,
  max: FEEDBACK_REPLY_MAX,
  label: 'field.feedback.reply',
  hint: required ? undefined : 'field.feedback.reply.hint',
  span: 24,
});

/**
 * Riders' feedback (/user_main/backFeed, DOMAIN §2.3 feedbacks, docs/feedback.md): what a member reported from the
 * app — a fault, a parking complaint, a billing dispute — with the ride or vehicle it names and up to three photos
 * (private, served to staff of the feedback's city). Customer service takes it on, replies (the app shows the
 * reply), opens a refund on the ride it names, links a fault on the vehicle it names, and resolves or closes it.
 */
export const feedbackResource: ResourceDef = {
  key: 'feedback',
  module: 'user',
  page: 'backFeed',
  api: '/user/feedback',
  idName: 'feedbackId',
  scope: 'tenant',
  // The city of the ride or vehicle it names, else the member's city of registration.
  cityScoped: true,
  editable: false,
  actions: ['export'],
  paging: 'cursor',
  totalCap: 1_000,
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'feedbackNo',
  fields: [
    shown({ name: 'feedbackNo', type: 'text', list: true, filter: 'eq' }),
    shown({ name: 'memberPhone', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
    // The member's level gives priority support (docs/loyalty.md "Benefits"): answered first.
    shown({ name: 'priority', type: 'bool', serverOnly: true, computed: true, list: true, hint: 'field.feedback.priority.hint' }),
    shown({ name: 'type', type: 'dict', dict: 'feedbacks_type', list: true, filter: 'eq' }),
    shown({ name: 'content', type: 'textarea', list: true }),
    shown({ name: 'photoCount', type: 'int', serverOnly: true, computed: true, list: true }),
    shown({ name: 'rideOrderNo', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
    shown({ name: 'vehicleNo', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
    shown({ name: 'status', type: 'dict', dict: 'feedbacks_status', list: true, filter: 'in' }),
    shown({ name: 'handlerId', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, list: true }),
    shown({ name: 'reply', type: 'textarea', list: 'hidden' }),
    // What customer service did about it: the refund asked for and the fault raised on the vehicle.
    shown({ name: 'refundNo', type: 'text', serverOnly: true, computed: true, list: 'hidden' }),
    shown({ name: 'faultCode', type: 'text', serverOnly: true, computed: true, list: 'hidden' }),
    shown({ name: 'resolvedAt', type: 'datetime', list: 'hidden' }),
    shown({ name: 'lat', type: 'decimal', list: false }),
    shown({ name: 'lng', type: 'decimal', list: false }),
    shown({ name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, list: 'hidden' }),
    shown({ name: 'createdAt', type: 'datetime', list: true, sortable: true, filter: 'range' }),
    shown({ name: 'memberId', type: 'ref', ref: { resource: 'member', labelField: 'phone' }, list: false, filter: 'eq' }),
  ],
  transitions: [
    { name: 'takeFeedback', field: 'status', from: [S(FeedbackStatus.new)], to: S(FeedbackStatus.processing), action: 'resolve' },
    { name: 'replyFeedback', field: 'status', from: open, to: S(FeedbackStatus.processing), action: 'resolve', payload: [reply(true)] },
    {
      name: 'refundFeedback',
      field: 'status',
      from: open,
      to: S(FeedbackStatus.processing),
      action: 'refund',
      // Only a feedback that names a ride: the refund goes to the member's balances, as a ride's refund does.
      unless: { field: 'rideOrderNo', in: [''] },
      payload: [REFUND_PAYLOAD.amount, { ...REFUND_PAYLOAD.reason, example: '1' }, REFUND_PAYLOAD.note],
    },
    {
      name: 'linkFault',
      field: 'status',
      from: open,
      to: S(FeedbackStatus.processing),
      action: 'resolve',
      unless: { field: 'vehicleNo', in: [''] },
      payload: [
        {
          name: 'faultTypeId',
          type: 'ref',
          ref: { resource: 'faultType', labelField: 'nameKey' },
          required: true,
          label: 'field.feedback.faultTypeId',
          example: 1,
        },
      ],
    },
    { name: 'resolveFeedback', field: 'status', from: open, to: S(FeedbackStatus.resolved), action: 'resolve', payload: [reply(false)] },
    {
      name: 'closeFeedback',
      field: 'status',
      from: [...open, S(FeedbackStatus.resolved)],
      to: S(FeedbackStatus.closed),
      action: 'resolve',
      confirm: true,
    },
  ],
};
