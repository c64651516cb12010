import { useQuery } from '@tanstack/react-query';
import { Row } from 'antd';
import type { ModuleDef } from '@kayuh/contract/menus/types';
import { useT } from '../../../lib/i18n';
import { DashboardSection } from '../../../shared/dashboard/DashboardSection';
import { useConfigStore } from '../../../stores/configStore';
import { MemberCharts } from './MemberCharts';
import { memberDashboardQuery } from './memberDashboardApi';
import { MemberFigures } from './MemberFigures';

/**
 * The customer centre Home's dashboard (DOMAIN §1.3) for the city chosen in the header: members and today's sign-ups,
 * riders active today, the identity queue and open feedback (each leading to its list), then sign-ups by day, members
 * by KYC status and by status, and what the open feedback is about.
 */
export default function MemberDashboard({ module }: { module: ModuleDef }) {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const cityCode = useConfigStore((s) => s.HCityCode);
  const overview = useQuery(memberDashboardQuery(tenantId, cityCode));
  return (
    <DashboardSection
      label={t('page.vehicleDashboard.label', { module: t(module.title) })}
      query={overview}
      failed={t('page.memberDashboard.failed')}
      retry={t('page.vehicleDashboard.retry')}
    >
      {(data) => (
        <>
          <MemberFigures overview={data} />
          <Row gutter={[16, 16]}>
            <MemberCharts overview={data} />
          </Row>
        </>
      )}
    </DashboardSection>
  );
}
