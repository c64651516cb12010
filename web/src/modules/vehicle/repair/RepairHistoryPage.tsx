import { Card, Empty } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { PageHeader } from '../../../shared/PageHeader';

/**
 * vehicle_main/repair (DOMAIN §1.5): each vehicle's repair history, read from approved repair tickets and the spare
 * parts they used. Work orders come with the operations centre; until then the page says where the history will come
 * from instead of showing an empty table that looks broken.
 */
export default function RepairHistoryPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('menu.vehicle.repair')} description={t('fleet.repair.desc')} />
      <Card>
        <Empty
          description={
            <>
              <div>{t('fleet.repair.empty')}</div>
              <Link to="/vehicle_main/parts">{t('fleet.repair.toFaults')}</Link>
            </>
          }
        />
      </Card>
    </>
  );
}
