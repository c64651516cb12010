import type { ResourceDef, TransitionDef } from './types.ts';

/** vehicles.op_state (DOMAIN §3.2). */
export const OpState = {
  inStock: 10,
  available: 20,
  reserved: 30,
  inUse: 40,
  lowBattery: 50,
  swapping: 60,
  dispatching: 70,
  maintenance: 80,
  lost: 90,
  impounded: 100,
  onRental: 110,
  retired: 120,
} as const;
/** batteries.state (DOMAIN §3.3). */
export const BatteryState = {
  inStock: 10,
  inTransit: 20,
  installed: 30,
  inCabinet: 40,
  charging: 45,
  withMember: 50,
  faulty: 60,
  retired: 70,
} as const;
/** product_models.kind / brands.kind (DOMAIN §2.1). */
export const ProductKind = { vehicle: 1, battery: 2, iot: 3, cabinet: 4 } as const;
/** The states a blocking fault takes a vehicle out of, to maintenance (§3.2 fault_blocking: 20, 50, 60, 70 → 80). */
export const FAULT_BLOCKING_FROM: readonly number[] = [OpState.available, OpState.lowBattery, OpState.swapping, OpState.dispatching];
/** stations.type (DOMAIN §8.1). */
export const StationType = { parking: 1, swapCabinet: 2, depot: 3, counter: 4 } as const;
/** stations.status (DOMAIN §8.1). */
export const StationStatus = { planned: 0, operating: 1, maintenance: 2, closed: 3 } as const;

const states = (...codes: number[]) => codes.map(String);

/**
 * The DOMAIN's name of an event (§3.2, §3.3: mark_lost, receive_lot), as the state logs keep it and their dictionaries
 * (vehicle_state_log_event, battery_events_event) name it, from the transition's API name (markLost). A battery's
 * `remove` is `removeFromVehicle` in the API, where `…/remove` is every resource's deletion.
 */
export const logEventName = (transition: string): string =>
  transition === 'removeFromVehicle' ? 'remove' : transition.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const reason = { name: 'reason', type: 'textarea', required: true, max: 300, label: 'field.vehicle.reason' } as const;

/**
 * The op_state events staff fire from the console (§3.2). Rides, reservations, telemetry and tickets fire the others
 * through the same machine as the system or a device when those modules land.
 */
const VEHICLE_EVENTS: TransitionDef[] = [
  { name: 'deploy', field: 'opState', from: states(10), to: '20', action: 'edit', confirm: true, bulk: true },
  { name: 'markLost', field: 'opState', from: states(20, 50, 80), to: '90', action: 'edit', confirm: true, bulk: true },
  { name: 'found', field: 'opState', from: states(90), to: '80', action: 'edit', bulk: true },
  { name: 'impound', field: 'opState', from: states(10, 20, 30, 50, 60, 70, 80, 90), to: '100', action: 'edit', payload: [reason] },
  { name: 'release', field: 'opState', from: states(100), to: '80', action: 'edit', confirm: true },
  { name: 'repairDone', field: 'opState', from: states(80), to: '20', action: 'edit', confirm: true, bulk: true },
  { name: 'retire', field: 'opState', from: states(10, 20, 30, 50, 60, 70, 80, 90, 100), to: '120', action: 'edit', payload: [reason] },
];

/** Vehicles (DOMAIN §2.1, /vehicle_main/vehicle): the fleet, its op_state machine and its state log. */
export const vehicleResource: ResourceDef = {
  key: 'vehicle',
  module: 'vehicle',
  page: 'vehicle',
  api: '/vehicle/vehicle',
  idName: 'vehicleId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'vehicleNo', order: 'asc' },
  titleField: 'vehicleNo',
  fields: [
    {
      name: 'vehicleNo',
      type: 'text',
      required: true,
      max: 20,
      pattern: '^[A-Z0-9][A-Z0-9-]*$',
      unique: true,
      list: true,
      filter: 'like',
      sortable: true,
      example: 'KB-JKT-000901',
    },
    { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, required: true, list: true, example: 2001 },
    {
      name: 'modelId',
      type: 'ref',
      ref: { resource: 'productModel', labelField: 'name', query: { kind: '1' } },
      required: true,
      list: true,
      filter: 'eq',
      example: 1,
    },
    { name: 'opState', type: 'dict', dict: 'vehicles_op_state', form: false, defaultValue: '10', list: true, filter: 'in', sortable: true },
    {
      name: 'frameNo',
      type: 'text',
      required: true,
      max: 20,
      pattern: '^[A-HJ-NPR-Z0-9]{6,20}$',
      unique: true,
      list: 'hidden',
      filter: 'eq',
      example: 'MH1NB2026000901',
    },
    { name: 'plateNo', type: 'text', max: 12, list: 'hidden', filter: 'like' },
    { name: 'motorNo', type: 'text', max: 30, list: 'hidden' },
    { name: 'imei', type: 'text', min: 15, max: 15, pattern: '^[0-9]{15}$', unique: true, list: true, filter: 'eq' },
    { name: 'iccid', type: 'text', min: 19, max: 20, pattern: '^[0-9]{19,20}$', list: 'hidden' },
    { name: 'simExpireOn', type: 'date', list: 'hidden' },
    { name: 'firmware', type: 'text', max: 30, list: 'hidden' },
    { name: 'bleMac', type: 'text', max: 17, pattern: '^([0-9A-F]{2}:){5}[0-9A-F]{2}$', list: 'hidden' },
    { name: 'lockType', type: 'dict', dict: 'vehicles_lock_type', required: true, defaultValue: '1', list: 'hidden' },
    { name: 'usageMode', type: 'dict', dict: 'vehicles_usage_mode', required: true, defaultValue: '1', list: true, filter: 'eq' },
    { name: 'homeStationId', type: 'ref', ref: { resource: 'station', labelField: 'name' }, list: 'hidden' },
    { name: 'factoryLotId', type: 'ref', ref: { resource: 'factoryLot', labelField: 'lotNo', query: { kind: '1' } }, list: 'hidden' },
    { name: 'ownerType', type: 'dict', dict: 'vehicles_owner_type', required: true, defaultValue: '1', list: 'hidden', filter: 'eq' },
    {
      name: 'ownerPartnerId',
      type: 'ref',
      ref: { resource: 'partnerAgency', labelField: 'name' },
      hint: 'field.vehicle.ownerPartnerId.hint',
      list: 'hidden',
      filter: 'eq',
    },
    { name: 'batteryId', type: 'ref', ref: { resource: 'battery', labelField: 'batterySn' }, serverOnly: true, list: true },
    { name: 'deployedAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
    { name: 'odometerM', type: 'int', serverOnly: true, list: 'hidden', sortable: true },
    { name: 'lastRideAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
    { name: 'retiredAt', type: 'datetime', serverOnly: true, list: 'hidden' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
  transitions: VEHICLE_EVENTS,
};

/** A depot (a station of type 3) as a field picks it: batteries in stock, spare-part shelves, a repair's parts. */
export const DEPOT_REF = { resource: 'station', labelField: 'name', query: { type: String(StationType.depot) } } as const;

const depot = { name: 'depotId', type: 'ref', required: true, ref: DEPOT_REF, example: 1 } as const;

/** The battery events staff fire from the console (§3.3); cabinets, swaps and the BMS fire the rest later. */
const BATTERY_EVENTS: TransitionDef[] = [
  { name: 'dispatchOut', field: 'state', from: states(10), to: '20', action: 'edit', bulk: true },
  { name: 'returnToDepot', field: 'state', from: states(20), to: '10', action: 'edit', payload: [depot] },
  {
    name: 'install',
    field: 'state',
    from: states(20),
    to: '30',
    action: 'edit',
    payload: [{ name: 'vehicleId', type: 'ref', required: true, ref: { resource: 'vehicle', labelField: 'vehicleNo' }, example: 1 }],
  },
  { name: 'removeFromVehicle', field: 'state', from: states(30), to: '20', action: 'edit', confirm: true },
  { name: 'faultDetected', field: 'state', from: states(10, 20, 30, 40, 45, 50), to: '60', action: 'edit', payload: [reason] },
  { name: 'repaired', field: 'state', from: states(60), to: '10', action: 'edit', payload: [depot] },
  { name: 'retire', field: 'state', from: states(10, 60), to: '70', action: 'edit', confirm: true, bulk: true },
];

/** Batteries (DOMAIN §2.1, /operations/battery): packs and where they are, by the machine of §3.3. */
export const batteryResource: ResourceDef = {
  key: 'battery',
  module: 'operations',
  page: 'battery',
  api: '/operations/battery',
  idName: 'batteryId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'batterySn', order: 'asc' },
  titleField: 'batterySn',
  fields: [
    {
      name: 'batterySn',
      type: 'text',
      required: true,
      max: 30,
      pattern: '^[A-Z0-9][A-Z0-9-]*$',
      unique: true,
      list: true,
      filter: 'like',
      sortable: true,
      example: 'VC48-2607-00001',
    },
    { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, required: true, list: true, example: 2001 },
    {
      name: 'modelId',
      type: 'ref',
      ref: { resource: 'productModel', labelField: 'name', query: { kind: '2' } },
      required: true,
      list: true,
      filter: 'eq',
      example: 1,
    },
    { name: 'state', type: 'dict', dict: 'batteries_state', form: false, defaultValue: '10', list: true, filter: 'in', sortable: true },
    { name: 'health', type: 'dict', dict: 'batteries_health', form: false, defaultValue: '0', list: true, filter: 'eq' },
    // Where a new pack is received (state 10 keeps it in a depot).
    { ...depot, form: 'add', list: true },
    { name: 'soc', type: 'int', serverOnly: true, list: true, sortable: true },
    { name: 'soh', type: 'int', serverOnly: true, list: 'hidden', sortable: true },
    { name: 'cycleCount', type: 'int', serverOnly: true, list: 'hidden', sortable: true },
    { name: 'vehicleId', type: 'ref', ref: { resource: 'vehicle', labelField: 'vehicleNo' }, serverOnly: true, list: true },
    { name: 'stationId', type: 'ref', ref: { resource: 'station', labelField: 'name' }, serverOnly: true, list: 'hidden' },
    { name: 'slotNo', type: 'int', serverOnly: true, list: 'hidden' },
    { name: 'bmsSn', type: 'text', max: 40, list: 'hidden' },
    { name: 'factoryLotId', type: 'ref', ref: { resource: 'factoryLot', labelField: 'lotNo', query: { kind: '2' } }, list: 'hidden' },
    // The operator's, until an acquisition's delivery makes it an investor's or a partner's (/operations/acquired_batteries).
    { name: 'ownerType', type: 'dict', dict: 'batteries_owner_type', serverOnly: true, list: 'hidden', filter: 'eq' },
    { name: 'ownerPartnerId', type: 'ref', ref: { resource: 'partnerAgency', labelField: 'name' }, serverOnly: true, list: 'hidden' },
    {
      name: 'acquisitionId',
      type: 'ref',
      ref: { resource: 'batteryAcquisition', labelField: 'contractNo' },
      serverOnly: true,
      list: 'hidden',
      filter: 'eq',
    },
    { name: 'readingAt', type: 'datetime', serverOnly: true, list: 'hidden' },
    { name: 'retiredAt', type: 'datetime', serverOnly: true, list: 'hidden' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
  transitions: BATTERY_EVENTS,
};

/**
 * A swap cabinet's bays (DOMAIN §6 cabinet_slots), on its station's detail: as the cabinet last reported them — the
 * state, the door and the pack in each (docs/iot.md "Swap cabinets"). Made with the cabinet, written by its reports.
 */
export const cabinetSlotResource: ResourceDef = {
  key: 'cabinetSlot',
  module: 'merchant',
  page: 'merchantoperation',
  api: '/merchant/cabinetSlot',
  idName: 'cabinetSlotId',
  scope: 'tenant',
  cityScoped: true,
  editable: false,
  actions: [],
  defaultSort: { field: 'slotNo', order: 'asc' },
  titleField: 'slotNo',
  fields: [
    { name: 'stationId', type: 'ref', ref: { resource: 'station', labelField: 'name' }, form: false, list: 'hidden', filter: 'eq' },
    { name: 'slotNo', type: 'int', form: false, list: true, sortable: true },
    { name: 'state', type: 'dict', dict: 'cabinet_slots_state', form: false, list: true, filter: 'eq' },
    { name: 'batterySn', type: 'text', serverOnly: true, computed: true, form: false, list: true },
    { name: 'soc', type: 'int', serverOnly: true, computed: true, form: false, list: true },
    { name: 'doorOpen', type: 'bool', form: false, list: true },
    { name: 'updatedFromDeviceAt', type: 'datetime', form: false, list: true },
    { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, form: false, list: 'hidden' },
  ],
};

/** Stations (DOMAIN §8.1, /main/merchantoperation): parking stations, swap cabinets with their bays, depots, counters. */
export const stationResource: ResourceDef = {
  key: 'station',
  module: 'merchant',
  page: 'merchantoperation',
  api: '/merchant/station',
  idName: 'stationId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['add', 'edit', 'remove', 'export'],
  defaultSort: { field: 'stationCode', order: 'asc' },
  titleField: 'name',
  related: [
    { resource: 'cabinetSlot', field: 'stationId', title: 'related.station.bays' },
    { resource: 'swapOrder', field: 'stationId', title: 'related.station.swaps' },
  ],
  fields: [
    {
      name: 'stationCode',
      type: 'text',
      required: true,
      max: 30,
      pattern: '^[A-Z0-9][A-Z0-9-]*$',
      unique: true,
      list: true,
      filter: 'like',
      sortable: true,
      example: 'JKT-CAB-07',
    },
    { name: 'name', type: 'text', required: true, max: 80, list: true, filter: 'like', sortable: true, example: 'Stasiun Sudirman' },
    { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, required: true, list: true, example: 2001 },
    { name: 'type', type: 'dict', dict: 'stations_type', required: true, list: true, filter: 'eq', example: '3' },
    { name: 'lat', type: 'decimal', required: true, min: -90, max: 90, list: 'hidden', example: -6.2146 },
    { name: 'lng', type: 'decimal', required: true, min: -180, max: 180, list: 'hidden', example: 106.8451 },
    { name: 'address', type: 'text', max: 200, list: 'hidden' },
    { name: 'zoneId', type: 'ref', ref: { resource: 'zone', labelField: 'name', query: { type: '2' } }, list: 'hidden' },
    // The merchant whose site it is (a cabinet at a shop, a rental counter); empty: the operator's own.
    {
      name: 'merchantId',
      type: 'ref',
      ref: { resource: 'merchant', labelField: 'name' },
      list: true,
      filter: 'eq',
      hint: 'field.station.merchantId.hint',
    },
    { name: 'capacity', type: 'int', min: 1, max: 10_000, list: true },
    // A cabinet's bays, made with it (one cabinet_slots row each).
    { name: 'slotCount', type: 'int', min: 1, max: 60, form: 'add', list: true },
    // A swap cabinet's modem IMEI: its user name on the device link (docs/iot.md "Swap cabinets").
    { name: 'deviceSn', type: 'text', min: 15, max: 15, pattern: '^[0-9]{15}$', unique: true, list: 'hidden', example: '864732990000017' },
    // What a swap costs without a swap plan, in the city's currency; empty: plan holders only.
    { name: 'swapFee', type: 'money', min: 0, max: 100_000_000, list: 'hidden', hint: 'field.station.swapFee.hint' },
    { name: 'online', type: 'bool', serverOnly: true, list: 'hidden' },
    { name: 'lastReportedAt', type: 'datetime', serverOnly: true, list: 'hidden' },
    { name: 'isPublic', type: 'bool', defaultValue: true, list: 'hidden' },
    { name: 'openingHours', type: 'text', required: true, max: 100, defaultValue: '24/7', list: 'hidden' },
    { name: 'status', type: 'dict', dict: 'stations_status', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
};
