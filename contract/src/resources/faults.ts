import type { ResourceDef } from './types.ts';

/** fault_types.severity 1: the vehicle cannot be ridden; an open fault of it takes the vehicle to maintenance (§3.2). */
export const BLOCKING_SEVERITY = 1;
/** vehicle_faults.status (DOMAIN §2.1). */
export const FaultStatus = { open: 0, inTicket: 1, fixed: 2, notReproducible: 3 } as const;

/** The faults a tenant tells apart (DOMAIN §2.1 fault_types), kept on the Fault Management page. */
export const faultTypeResource: ResourceDef = {
  key: 'faultType',
  module: 'vehicle',
  page: 'parts',
  api: '/vehicle/faultType',
  idName: 'faultTypeId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit'],
  defaultSort: { field: 'code', order: 'asc' },
  titleField: 'nameKey',
  fields: [
    {
      name: 'code',
      type: 'text',
      required: true,
      max: 30,
      pattern: '^[A-Z][A-Z0-9_]*$',
      unique: true,
      list: true,
      filter: 'like',
      sortable: true,
      example: 'BRAKE',
    },
    // A catalogue key for the seeded types (fault.BRAKE), or the tenant's own words for its own.
    { name: 'nameKey', type: 'text', required: true, max: 80, translated: true, list: true, example: 'Brake worn' },
    { name: 'component', type: 'text', max: 40, list: true },
    { name: 'severity', type: 'dict', dict: 'fault_types_severity', required: true, list: true, filter: 'eq', sortable: true, example: '1' },
    { name: 'defaultAction', type: 'dict', dict: 'fault_types_default_action', required: true, list: true, example: '2' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
};

/** Faults raised against vehicles (vehicle_main/parts, "Fault Management"). */
export const vehicleFaultResource: ResourceDef = {
  key: 'vehicleFault',
  module: 'vehicle',
  page: 'parts',
  api: '/vehicle/fault',
  idName: 'faultId',
  scope: 'tenant',
  cityScoped: true,
  editable: true,
  actions: ['add', 'edit', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  titleField: 'vehicleId',
  fields: [
    {
      name: 'vehicleId',
      type: 'ref',
      ref: { resource: 'vehicle', labelField: 'vehicleNo' },
      required: true,
      form: 'add',
      list: true,
      filter: 'eq',
      example: 1,
    },
    { name: 'faultTypeId', type: 'ref', ref: { resource: 'faultType', labelField: 'nameKey' }, required: true, list: true, filter: 'eq', example: 1 },
    { name: 'source', type: 'dict', dict: 'vehicle_faults_source', required: true, defaultValue: '4', list: true, filter: 'eq' },
    { name: 'status', type: 'dict', dict: 'vehicle_faults_status', form: false, defaultValue: '0', list: true, filter: 'in', sortable: true },
    // The vehicle's city, copied from it.
    { name: 'cityCode', type: 'ref', ref: { resource: 'city', labelField: 'cityInName' }, serverOnly: true, list: true },
    { name: 'fixedAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: true, sortable: true },
  ],
  transitions: [
    { name: 'resolve', field: 'status', from: ['0', '1'], to: '2', action: 'resolve', confirm: true, bulk: true },
    { name: 'notReproducible', field: 'status', from: ['0', '1'], to: '3', action: 'resolve', confirm: true, bulk: true },
  ],
};
