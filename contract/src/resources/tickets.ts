import { DEPOT_REF } from './fleet.ts';
import type { FieldDef, ResourceDef, RowCondition, TransitionDef } from './types.ts';

/** tickets.type (DOMAIN §2.2). */
export const TicketType = { dispatch: 1, batterySwap: 2, fault: 3, repair: 4, inspection: 5, findVehicle: 6 } as const;
/** ticket_items.item_kind (DOMAIN §2.2): a vehicle the ticket works on, or a repair's part line. */
export const TicketItemKind = { vehicle: 1, part: 2 } as const;
/** tickets.status (DOMAIN §3.1). */
export const TicketStatus = {
  created: 0,
  assigned: 1,
  accepted: 2,
  inProgress: 3,
  submitted: 4,
  approved: 5,
  rejected: 6,
  closed: 7,
  cancelled: 8,
} as const;
/** "Open" (DOMAIN §3.1): a vehicle has at most one open ticket of a type. */
export const OPEN_TICKET_STATES: readonly number[] = [0, 1, 2, 3, 4, 6];
/** tickets.priority. */
export const TicketPriority = { critical: 1, high: 2, normal: 3, low: 4 } as const;
/** The SLA by priority when no template says otherwise (DOMAIN §3.1): 60 min, 4 h, 24 h, 72 h. */
export const DEFAULT_SLA_MINUTES: Readonly<Record<number, number>> = { 1: 60, 2: 240, 3: 1440, 4: 4320 };
/** tickets.source. */
export const TicketSource = { console: 1, rule: 2, alarm: 3, riderFeedback: 4, technicianApp: 5 } as const;
/** tickets.cancel_reason; 9 other needs a note. */
export const TicketCancelReason = {
  notFound: 1,
  faulty: 2,
  impounded: 3,
  duplicate: 4,
  console: 5,
  expired: 6,
  cleared: 7,
  clockedOff: 8,
  other: 9,
} as const;
/** ticket_items.outcome. */
export const TicketOutcome = { fixed: 1, toWorkshop: 2, notReproducible: 3, notFound: 4 } as const;
/** The most vehicles one ticket takes (a dispatch run moves a truckload). */
export const TICKET_VEHICLES_MAX = 30;
/** The most photos a submit carries, and so the most a template may require. */
export const TICKET_PHOTOS_MAX = 3;
/**
 * A template's auto rule (DOMAIN §3.1 auto-creation without an alarm; docs/tickets.md): the keys each type takes and
 * their bounds. A dispatch opens for a vehicle not ridden for `idleHours`; an inspection every `everyDays` days or
 * every `everyKm` km ridden since the last one (either key, or both).
 */
export const AUTO_RULE_KEYS: Readonly<Record<number, Readonly<Record<string, readonly [number, number]>>>> = {
  [TicketType.dispatch]: { idleHours: [1, 720] },
  [TicketType.inspection]: { everyDays: [1, 365], everyKm: [1, 100_000] },
};
/** The i18n key of what is wrong with an auto rule for a template of `type`, or null when it is sound (or absent). */
export function autoRuleProblem(type: number, rule: unknown): string | null {
  if (rule === null || rule === undefined) return null;
  const keys = AUTO_RULE_KEYS[type];
  if (!keys) return 'ticketTemplate.autoRuleNone';
  if (typeof rule !== 'object' || Array.isArray(rule)) return 'ticketTemplate.autoRuleInvalid';
  const entries = Object.entries(rule);
  if (!entries.length) return 'ticketTemplate.autoRuleInvalid';
  const sound = entries.every(([k, v]) => {
    const range = keys[k];
    return range !== undefined && typeof v === 'number' && Number.isInteger(v) && v >= range[0] && v <= range[1];
  });
  return sound ? null : 'ticketTemplate.autoRuleInvalid';
}
/** The name tickets go by in iot_commands.ref_type, vehicle_state_log.ref_type and battery_events. */
export const TICKET_BIZ = 'ticket';

const shown = (field: FieldDef): FieldDef => ({ form: false, ...field });
/** The typed pages share the all-types page's labels. */
const labelled = (resource: string, fields: FieldDef[]): FieldDef[] => fields.map((f) => ({ label: `field.${resource}.${f.name}`, ...f }));
const S = String;
const OPEN = OPEN_TICKET_STATES.map(S);
const note = (required: boolean): FieldDef => ({
  name: 'note',
  type: 'textarea',
  required,
  min: required ? 3 : undefined,
  max: 500,
  label: 'field.ticket.note',
  span: 24,
  example: 'Dicek di lokasi',
});
const assignee: FieldDef = {
  name: 'assigneeId',
  type: 'ref',
  ref: { resource: 'user', labelField: 'nickName' },
  required: true,
  label: 'field.ticket.assigneeId',
  example: 1,
};
const position: FieldDef[] = [
  { name: 'lat', type: 'decimal', min: -90, max: 90, label: 'field.ticket.lat' },
  { name: 'lng', type: 'decimal', min: -180, max: 180, label: 'field.ticket.lng' },
];
/** A submit's field asked only of tickets of one type (the console's dialog leaves it out on the others). */
const onlyType = (type: number): RowCondition => ({ field: 'type', in: [S(type)] });
const photo = (n: number): FieldDef => ({ name: `photo${n}`, type: 'image', label: `field.ticket.photo${n}` });

/**
 * DOMAIN §3.1, every event but close (which follows an approval at once, by the system). The dispatcher assigns,
 * takes back, reassigns, approves, rejects and cancels; the technician grabs, accepts or declines, starts on site
 * (scanning the vehicle), submits with photos and reworks a rejected ticket. The server binds what each does.
 */
export const TICKET_TRANSITIONS: TransitionDef[] = [
  {
    name: 'assignTicket',
    field: 'status',
    from: [S(TicketStatus.created)],
    to: S(TicketStatus.assigned),
    action: 'assign',
    bulk: true,
    payload: [assignee],
  },
  { name: 'grabTicket', field: 'status', from: [S(TicketStatus.created)], to: S(TicketStatus.accepted), action: 'grab', confirm: true },
  {
    name: 'acceptTicket',
    field: 'status',
    from: [S(TicketStatus.assigned)],
    to: S(TicketStatus.accepted),
    action: 'accept',
    mine: 'assigneeId',
    confirm: true,
  },
  {
    name: 'declineTicket',
    field: 'status',
    from: [S(TicketStatus.assigned)],
    to: S(TicketStatus.created),
    action: 'accept',
    mine: 'assigneeId',
    payload: [note(true)],
  },
  { name: 'unassignTicket', field: 'status', from: [S(TicketStatus.assigned)], to: S(TicketStatus.created), action: 'assign', payload: [note(true)] },
  {
    name: 'reassignTicket',
    field: 'status',
    from: [S(TicketStatus.assigned), S(TicketStatus.accepted)],
    to: S(TicketStatus.assigned),
    action: 'assign',
    payload: [assignee, note(false)],
  },
  {
    name: 'startTicket',
    field: 'status',
    from: [S(TicketStatus.accepted)],
    to: S(TicketStatus.inProgress),
    action: 'submit',
    mine: 'assigneeId',
    payload: [
      {
        name: 'vehicleNo',
        type: 'text',
        required: true,
        max: 40,
        label: 'field.ticket.scannedVehicleNo',
        hint: 'field.ticket.scannedVehicleNo.hint',
        example: 'KB-JKT-000001',
      },
      ...position,
    ],
  },
  {
    name: 'submitTicket',
    field: 'status',
    from: [S(TicketStatus.inProgress)],
    to: S(TicketStatus.submitted),
    action: 'submit',
    mine: 'assigneeId',
    payload: [
      { name: 'outcome', type: 'dict', dict: 'ticket_items_outcome', label: 'field.ticket.outcome', hint: 'field.ticket.outcome.hint' },
      {
        name: 'newBatterySn',
        type: 'text',
        max: 40,
        when: onlyType(TicketType.batterySwap),
        label: 'field.ticket.newBatterySn',
        hint: 'field.ticket.newBatterySn.hint',
      },
      // A repair's part lines, [{ partId, qty }], taken from the depot (docs/spare-parts.md): the console's dialog lists
      // them with a control of its own (web: ticketInputs), as the field tool does.
      {
        name: 'depotId',
        type: 'ref',
        ref: DEPOT_REF,
        when: onlyType(TicketType.repair),
        label: 'field.ticket.depotId',
        hint: 'field.ticket.depotId.hint',
      },
      { name: 'parts', type: 'json', when: onlyType(TicketType.repair), span: 24, label: 'field.ticket.parts' },
      photo(1),
      photo(2),
      photo(3),
      note(false),
      ...position,
      // The template's checklist as the field tool ticks it: { item: done }; the console's dialog leaves it out.
      { name: 'checklist', type: 'json', form: false, label: 'field.ticket.checklist' },
    ],
  },
  {
    name: 'approveTicket',
    field: 'status',
    from: [S(TicketStatus.submitted)],
    to: S(TicketStatus.approved),
    action: 'audit',
    actors: ['staff', 'system'],
    confirm: true,
  },
  {
    name: 'rejectTicket',
    field: 'status',
    from: [S(TicketStatus.submitted)],
    to: S(TicketStatus.rejected),
    action: 'audit',
    payload: [
      {
        name: 'rejectReason',
        type: 'textarea',
        required: true,
        min: 3,
        max: 500,
        label: 'field.ticket.rejectReason',
        span: 24,
        example: 'Foto buram',
      },
    ],
  },
  {
    name: 'reworkTicket',
    field: 'status',
    from: [S(TicketStatus.rejected)],
    to: S(TicketStatus.inProgress),
    action: 'submit',
    mine: 'assigneeId',
    confirm: true,
  },
  {
    name: 'cancelTicket',
    field: 'status',
    from: OPEN,
    to: S(TicketStatus.cancelled),
    action: 'cancel',
    actors: ['staff', 'system'],
    bulk: true,
    payload: [
      { name: 'cancelReason', type: 'dict', dict: 'tickets_cancel_reason', required: true, label: 'field.ticket.cancelReason', example: '5' },
      note(false),
    ],
  },
];

const ticketFields = (fixedType: boolean): FieldDef[] => [
  shown({ name: 'ticketNo', type: 'text', serverOnly: true, list: true, filter: 'eq' }),
  ...(fixedType
    ? []
    : [{ name: 'type', type: 'dict', dict: 'tickets_type', required: true, list: true, filter: 'eq', form: 'add', example: '2' } as FieldDef]),
  { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, required: true, form: 'add', list: 'hidden', example: 2001 },
  {
    name: 'vehicleIds',
    type: 'idList',
    ref: { resource: 'vehicle', labelField: 'vehicleNo' },
    virtual: true,
    required: true,
    min: 1,
    max: TICKET_VEHICLES_MAX,
    form: 'add',
    list: false,
    span: 24,
    hint: 'field.ticket.vehicleIds.hint',
    example: [1],
  },
  shown({ name: 'vehicleNos', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
  {
    name: 'templateId',
    type: 'ref',
    ref: { resource: 'ticketTemplate', labelField: 'name' },
    form: 'add',
    list: 'hidden',
    hint: 'field.ticket.templateId.hint',
  },
  {
    name: 'priority',
    type: 'dict',
    dict: 'tickets_priority',
    form: 'add',
    list: true,
    filter: 'eq',
    hint: 'field.ticket.priority.hint',
    example: '3',
  },
  shown({ name: 'status', type: 'dict', dict: 'tickets_status', serverOnly: true, list: true, filter: 'in' }),
  shown({ name: 'overdue', type: 'bool', serverOnly: true, computed: true, list: true }),
  shown({ name: 'dueAt', type: 'datetime', serverOnly: true, list: true, sortable: true, filter: 'range' }),
  shown({ name: 'assigneeId', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, serverOnly: true, list: true, filter: 'eq' }),
  { name: 'title', type: 'text', max: 100, list: true, filter: 'like', example: 'Baterai lemah di Sudirman' },
  { name: 'description', type: 'textarea', max: 1000, list: 'hidden', span: 24 },
  { name: 'targetZoneId', type: 'ref', ref: { resource: 'zone', labelField: 'name' }, list: 'hidden', hint: 'field.ticket.targetZoneId.hint' },
  shown({ name: 'source', type: 'dict', dict: 'tickets_source', serverOnly: true, list: 'hidden', filter: 'eq' }),
  shown({ name: 'assignType', type: 'dict', dict: 'tickets_assign_type', serverOnly: true, list: 'hidden' }),
  shown({ name: 'assignedAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
  shown({ name: 'acceptedAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
  shown({ name: 'startedAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
  shown({ name: 'submittedAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
  shown({ name: 'slaMet', type: 'bool', serverOnly: true, list: 'hidden' }),
  shown({ name: 'reviewerId', type: 'ref', ref: { resource: 'user', labelField: 'nickName' }, serverOnly: true, list: 'hidden' }),
  shown({ name: 'approvedAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
  shown({ name: 'rejectReason', type: 'textarea', serverOnly: true, list: 'hidden' }),
  shown({ name: 'cancelReason', type: 'dict', dict: 'tickets_cancel_reason', serverOnly: true, list: 'hidden' }),
  shown({ name: 'closedAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
  shown({ name: 'photos', type: 'json', serverOnly: true, list: false }),
  shown({ name: 'createdAt', type: 'datetime', serverOnly: true, list: true, sortable: true, filter: 'range' }),
];

/** A ticket list: every type (/Ticket/list), or one type's page over the same table and machine. */
function ticketList(key: string, page: string, api: string, type?: number): ResourceDef {
  return {
    key,
    module: 'operations',
    page,
    api,
    idName: 'ticketId',
    scope: 'tenant',
    cityScoped: true,
    editable: true,
    actions: ['add', 'export'],
    totalCap: 1_000,
    ...(type ? { fixed: { type: [S(type)] } } : {}),
    defaultSort: { field: 'createdAt', order: 'desc' },
    titleField: 'ticketNo',
    fields: labelled('ticket', ticketFields(type !== undefined)),
    transitions: TICKET_TRANSITIONS,
    related: [{ resource: 'ticketItem', field: 'ticketId', title: 'related.ticket.items' }],
  };
}

/**
 * Work orders (DOMAIN §2.2, §3.1; docs/tickets.md). Created from the console with one or more vehicles (one open
 * ticket per vehicle and type: a clash answers 2005 naming the open ticket), due by the SLA of their priority.
 */
export const ticketResource = ticketList('ticket', 'ticketList', '/operations/ticket');
export const dispatchTicketResource = ticketList('dispatchTicket', 'dispatchList', '/operations/ticket/dispatch', TicketType.dispatch);
export const batteryTicketResource = ticketList('batteryTicket', 'batteryList', '/operations/ticket/battery', TicketType.batterySwap);
export const brokenTicketResource = ticketList('brokenTicket', 'brokenList', '/operations/ticket/broken', TicketType.fault);
export const repairTicketResource = ticketList('repairTicket', 'repairList', '/operations/ticket/repair', TicketType.repair);

const itemBase: FieldDef[] = [
  shown({ name: 'ticketId', type: 'ref', ref: { resource: 'ticket', labelField: 'ticketNo' }, list: false, filter: 'eq' }),
  shown({ name: 'ticketNo', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
  shown({ name: 'vehicleNo', type: 'text', serverOnly: true, computed: true, list: true, filter: 'eq' }),
  shown({ name: 'ticketType', type: 'dict', dict: 'ticket_items_ticket_type', list: true, filter: 'eq' }),
  shown({ name: 'isOpen', type: 'bool', list: true }),
];
const itemTail: FieldDef[] = [
  shown({ name: 'photos', type: 'json', list: false }),
  shown({ name: 'doneAt', type: 'datetime', list: true, sortable: true }),
  shown({ name: 'createdAt', type: 'datetime', list: 'hidden', sortable: true, filter: 'range' }),
];
const COLUMNS: Record<string, FieldDef[]> = {
  dispatch: [
    shown({ name: 'fromZoneId', type: 'ref', ref: { resource: 'zone', labelField: 'name' }, list: true }),
    shown({ name: 'toZoneId', type: 'ref', ref: { resource: 'zone', labelField: 'name' }, list: true }),
    shown({ name: 'fromLat', type: 'decimal', list: 'hidden' }),
    shown({ name: 'fromLng', type: 'decimal', list: 'hidden' }),
    shown({ name: 'toLat', type: 'decimal', list: 'hidden' }),
    shown({ name: 'toLng', type: 'decimal', list: 'hidden' }),
    shown({ name: 'moved', type: 'bool', list: true }),
  ],
  battery: [
    shown({ name: 'oldBatteryId', type: 'ref', ref: { resource: 'battery', labelField: 'batterySn' }, list: true }),
    shown({ name: 'newBatteryId', type: 'ref', ref: { resource: 'battery', labelField: 'batterySn' }, list: true }),
    shown({ name: 'socBefore', type: 'int', list: true }),
    shown({ name: 'socAfter', type: 'int', list: true }),
  ],
  broken: [
    shown({ name: 'faultTypeIds', type: 'idList', ref: { resource: 'faultType', labelField: 'nameKey' }, list: true }),
    shown({ name: 'outcome', type: 'dict', dict: 'ticket_items_outcome', list: true, filter: 'eq' }),
    shown({ name: 'checklistResult', type: 'json', list: false }),
  ],
  repair: [
    shown({ name: 'itemKind', type: 'dict', dict: 'ticket_items_item_kind', list: true, filter: 'eq' }),
    shown({ name: 'outcome', type: 'dict', dict: 'ticket_items_outcome', list: true }),
    shown({ name: 'partId', type: 'ref', ref: { resource: 'sparePart', labelField: 'name' }, list: true }),
    shown({ name: 'qty', type: 'int', list: true }),
    shown({ name: 'partCost', type: 'money', list: true }),
    shown({ name: 'labourMinutes', type: 'int', list: true }),
    shown({ name: 'currency', type: 'text', list: 'hidden' }),
  ],
};

function itemList(key: string, page: string, api: string, columns: FieldDef[], type?: number): ResourceDef {
  return {
    key,
    module: 'operations',
    page,
    api,
    idName: 'itemId',
    scope: 'tenant',
    cityScoped: true,
    editable: true,
    actions: ['export'],
    totalCap: 1_000,
    ...(type ? { fixed: { ticketType: [S(type)] } } : {}),
    defaultSort: { field: 'createdAt', order: 'desc' },
    titleField: 'ticketNo',
    fields: labelled('ticketItem', [...itemBase, ...columns, ...itemTail]),
  };
}

/** The sub-lists (DOMAIN §1.2): one row per vehicle handled, or per part line, with the columns of its type. */
export const ticketItemResource = itemList('ticketItem', 'ticketList', '/operations/ticketItem', [
  shown({ name: 'outcome', type: 'dict', dict: 'ticket_items_outcome', list: true }),
]);
export const dispatchItemResource = itemList(
  'dispatchItem',
  'dispatchSubList',
  '/operations/ticketItem/dispatch',
  COLUMNS.dispatch!,
  TicketType.dispatch,
);
export const batteryItemResource = itemList(
  'batteryItem',
  'batterySubList',
  '/operations/ticketItem/battery',
  COLUMNS.battery!,
  TicketType.batterySwap,
);
export const brokenItemResource = itemList('brokenItem', 'brokenSubList', '/operations/ticketItem/broken', COLUMNS.broken!, TicketType.fault);
export const repairItemResource = itemList('repairItem', 'repairSubList', '/operations/ticketItem/repair', COLUMNS.repair!, TicketType.repair);

const sla = (p: number): FieldDef => ({
  name: `slaP${p}Minutes`,
  type: 'int',
  required: true,
  min: 5,
  max: 43_200,
  defaultValue: DEFAULT_SLA_MINUTES[p],
  span: 6,
  list: true,
  example: DEFAULT_SLA_MINUTES[p],
});

/** Ticket templates (/ticketModel/index): a type's SLA per priority, photos required, checklist, piece rate. */
export const ticketTemplateResource: ResourceDef = {
  key: 'ticketTemplate',
  module: 'operations',
  page: 'ticketModel',
  api: '/operations/ticketModel',
  idName: 'templateId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'type', order: 'asc' },
  titleField: 'name',
  fields: [
    { name: 'name', type: 'text', required: true, max: 60, unique: true, list: true, filter: 'like', example: 'Tukar baterai standar' },
    { name: 'type', type: 'dict', dict: 'ticket_templates_type', required: true, list: true, filter: 'eq', sortable: true, example: '2' },
    { name: 'defaultPriority', type: 'dict', dict: 'ticket_templates_default_priority', required: true, defaultValue: '3', list: true, example: '3' },
    sla(1),
    sla(2),
    sla(3),
    sla(4),
    { name: 'requiredPhotos', type: 'int', required: true, min: 0, max: TICKET_PHOTOS_MAX, defaultValue: 0, list: true, example: 1 },
    { name: 'autoApprove', type: 'bool', defaultValue: false, list: true, hint: 'field.ticketTemplate.autoApprove.hint' },
    { name: 'expireAfterMinutes', type: 'int', min: 10, max: 43_200, list: 'hidden', hint: 'field.ticketTemplate.expireAfterMinutes.hint' },
    { name: 'pieceRate', type: 'money', min: 0, max: 10_000_000, list: true, example: 5000 },
    { name: 'currency', type: 'text', max: 3, pattern: '^[A-Z]{3}$', list: 'hidden', example: 'IDR', hint: 'field.ticketTemplate.currency.hint' },
    { name: 'checklist', type: 'json', list: false, span: 24, hint: 'field.ticketTemplate.checklist.hint' },
    { name: 'autoRule', type: 'json', list: false, span: 24, hint: 'field.ticketTemplate.autoRule.hint' },
    { name: 'status', type: 'dict', dict: 'ticket_templates_status', required: true, defaultValue: '0', list: true, filter: 'eq', example: '0' },
    shown({ name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden' }),
  ],
};
