import { CRUD, CRUD_X, EXPORT, FORM, TICKET, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('operations');

export const operationsModule: ModuleDef = {
  key: 'operations', ordinal: 2, basePath: '/operations', title: 'menu.operations', icon: 'operations',
  pages: [
    p('/operations', 'index'),
    p('/Ticket/create', 'ticketCreate', ['add'], FORM),
    p('/Ticket/list', 'ticketList', TICKET),
    p('/Ticket/dispatch/list', 'dispatchList', TICKET),
    p('/Ticket/dispatch/sub-list', 'dispatchSubList', EXPORT),
    p('/Ticket/battery/list', 'batteryList', TICKET),
    p('/Ticket/battery/sub-list', 'batterySubList', EXPORT),
    p('/Ticket/broken/list', 'brokenList', TICKET),
    p('/Ticket/broken/sub-list', 'brokenSubList', EXPORT),
    p('/Ticket/repair/list', 'repairList', TICKET),
    p('/Ticket/repair/sub-list', 'repairSubList', EXPORT),
    p('/ticketModel/index', 'ticketModel', CRUD),
    p('/operations/partner_agency', 'partner_agency', CRUD_X),
    p('/operations/supplier', 'supplier', CRUD_X),
    p('/operations/sparepart_type', 'sparepart_type', CRUD),
    p('/operations/sparepart', 'sparepart', [...CRUD_X, 'import']),
    p('/operations/battery', 'battery', [...CRUD_X, 'import', 'lock', 'unlock']),
    p('/brand/list', 'brandList', CRUD),
    p('/operations/acquired_batteries', 'acquired_batteries', CRUD_X),
    p('/operations/orderList', 'orderList', ['export', 'resolve', 'cancel']),
    p('/operations/settlementList', 'settlementList', ['add', 'approve', 'pay', 'export']),
    p('/operations/billingRule', 'billingRule', [...CRUD, 'publish']),
    p('/operations/factoryLotList', 'factoryLotList', CRUD_X),
    p('/operations/profitConfiguration', 'profitConfiguration', CRUD),
    p('/operations/revenue_order_list', 'revenue_order_list', EXPORT),
    p('/operations/investment_settlement', 'investment_settlement', ['add', 'approve', 'pay', 'export']),
    p('/operations/join_list', 'join_list', ['audit', 'remove', 'export']),
    p('/operations/operation_tool', 'operation_tool', ['lock', 'unlock', 'ring', 'grab', 'accept', 'submit'], { ...FORM, noLogin: true }),
    p('/operations/steps/tour', 'stepsTour', ['submit'], FORM),
    p('/operations/steps/list', 'stepsList', CRUD, { platformOnly: true }),
    p('/operations/area_scheduling_list', 'area_scheduling_list', CRUD_X),
  ],
};
