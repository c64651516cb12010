import { lazy, type ComponentType } from 'react';
import type { ModuleDef, ModuleKey } from '@kayuh/contract/menus/types';

/** A module's dashboard: given its module, it reads what it shows itself. */
export type ModuleDashboard = ComponentType<{ module: ModuleDef }>;

/**
 * The dashboards of module Homes, shown above the tiles of the module's pages. Each is its own chunk, loaded (with
 * ECharts) only when its Home opens; a module without one shows the tiles alone.
 */
const DASHBOARDS: Partial<Record<ModuleKey, ModuleDashboard>> = {
  alarm: lazy(() => import('../../../modules/alarm/index/AlarmDashboard')),
  configure: lazy(() => import('../../../modules/configure/index/ConfigureDashboard')),
  merchant: lazy(() => import('../../../modules/merchant/index/MerchantDashboard')),
  operations: lazy(() => import('../../../modules/operations/index/OperationsDashboard')),
  payment: lazy(() => import('../../../modules/payment/index/PaymentDashboard')),
  user: lazy(() => import('../../../modules/user/index/MemberDashboard')),
  vehicle: lazy(() => import('../../../modules/vehicle/index/VehicleDashboard')),
};

export const dashboardOf = (moduleKey: ModuleKey): ModuleDashboard | undefined => DASHBOARDS[moduleKey];
