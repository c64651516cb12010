import { Tabs } from 'antd';
import { faultTypeResource, vehicleFaultResource } from '@kayuh/contract/resources/faults';
import { useT } from '../../../lib/i18n';
import { PageHeader } from '../../../shared/PageHeader';
import { ResourceList } from '../../../shared/resource/ResourceList';

/**
 * vehicle_main/parts, Fault Management (DOMAIN §1.5: vehicle_faults + fault_types): the faults raised against
 * vehicles (a blocking one takes its vehicle to maintenance), and the tenant's catalogue of fault types.
 */
export default function FaultsPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('menu.vehicle.parts')} />
      <Tabs
        items={[
          { key: 'faults', label: t('fleet.faults'), children: <ResourceList resource={vehicleFaultResource} /> },
          { key: 'types', label: t('fleet.faultTypes'), children: <ResourceList resource={faultTypeResource} local /> },
        ]}
      />
    </>
  );
}
