import {
  AlertOutlined,
  CarOutlined,
  ClockCircleOutlined,
  DollarOutlined,
  NodeIndexOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Row } from 'antd';
import { Link } from 'react-router';
import { HOME_TODAY_PATH, type HomeToday } from '@kayuh/contract/api/home';
import { formatMoney } from '@kayuh/contract/rules/format';
import { get } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { DashboardFigure } from '../../../shared/dashboard/DashboardFigure';
import { LIST_LINKS } from '../../../modules/operations/index/operationsDashboardApi';
import { chosenCity } from '../../../modules/vehicle/index/vehicleDashboardApi';
import { useConfigStore } from '../../../stores/configStore';

const FOUR = { xs: 12, lg: 6 };

/**
 * Today's figures of the city chosen in the header (DOMAIN §1.0), above the module cards: rides and their revenue,
 * vehicles available and in use, open and overdue work orders, open alarms and new members, each a link to its page; a figure the user's pages do
 * not cover is not shown, and a user who sees none of them gets no row at all.
 */
export function HomeFigures() {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = chosenCity(useConfigStore((s) => s.HCityCode));
  const today = useQuery({
    queryKey: ['home', 'today', tenantId, cityCode],
    queryFn: ({ signal }) => get<HomeToday>(HOME_TODAY_PATH, { cityCode }, { signal }),
  });
  const d = today.data;
  if (!d) return null;
  const title = (key: string, to: string) => <Link to={to}>{t(key)}</Link>;
  const figures = [
    d.rides !== null && (
      <DashboardFigure
        key="rides"
        col={FOUR}
        icon={<NodeIndexOutlined />}
        title={title('home.today.rides', '/operations/orderList')}
        value={d.rides}
      />
    ),
    d.rideRevenue !== null && (
      <DashboardFigure
        key="revenue"
        col={FOUR}
        icon={<DollarOutlined />}
        title={title('home.today.rideRevenue', '/operations/orderList')}
        value={formatMoney(d.rideRevenue, d.currency)}
      />
    ),
    d.availableVehicles !== null && (
      <DashboardFigure
        key="available"
        col={FOUR}
        icon={<CarOutlined />}
        title={title('home.today.available', '/vehicle_main/vehicle')}
        value={d.availableVehicles}
      />
    ),
    d.inUseVehicles !== null && (
      <DashboardFigure
        key="inUse"
        col={FOUR}
        icon={<ThunderboltOutlined />}
        title={title('home.today.inUse', '/vehicle_main/monitor')}
        value={d.inUseVehicles}
      />
    ),
    d.openTickets !== null && (
      <DashboardFigure
        key="tickets"
        col={FOUR}
        icon={<ToolOutlined />}
        title={title('home.today.openTickets', LIST_LINKS.open)}
        value={d.openTickets}
      />
    ),
    d.overdueTickets !== null && (
      <DashboardFigure
        key="overdue"
        col={FOUR}
        icon={<ClockCircleOutlined />}
        title={title('home.today.overdueTickets', LIST_LINKS.overdue)}
        value={d.overdueTickets}
        tone={d.overdueTickets > 0 ? 'error' : undefined}
      />
    ),
    d.openAlarms !== null && (
      <DashboardFigure
        key="alarms"
        col={FOUR}
        icon={<AlertOutlined />}
        title={title('home.today.openAlarms', '/alarm_main/alarm_list')}
        value={d.openAlarms}
        tone={d.openAlarms > 0 ? 'warning' : undefined}
      />
    ),
    d.newMembers !== null && (
      <DashboardFigure
        key="members"
        col={FOUR}
        icon={<UserAddOutlined />}
        title={title('home.today.newMembers', '/user_main/user_admin')}
        value={d.newMembers}
      />
    ),
  ].filter(Boolean);
  if (!figures.length) return null;
  return (
    <section aria-label={t('home.today.label')} style={{ marginBottom: 24 }}>
      <Row gutter={[16, 16]}>{figures}</Row>
    </section>
  );
}
