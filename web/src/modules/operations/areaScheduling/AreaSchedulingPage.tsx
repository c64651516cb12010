import { Tabs } from 'antd';
import { zoneResource } from '@kayuh/contract/resources/zone';
import { zoneTargetResource } from '@kayuh/contract/resources/zoneTargets';
import { useCallback, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { PageHeader } from '../../../shared/PageHeader';
import { ResourceDetailDrawer } from '../../../shared/resource/ResourceDetailDrawer';
import { ResourceList } from '../../../shared/resource/ResourceList';
import type { ResourceRow } from '../../../shared/resource/resourceApi';
import { ZoneMapCard } from './ZoneMapCard';
import './zoneInputs';

/**
 * operations/area_scheduling_list (DOMAIN §8.1): the selected city's zones on a map, coloured by type, over the
 * engine's list of zones (its state in the tab's URL, as on every list). A zone clicked on the map opens its details;
 * the add / edit form draws the outline on the city's map among its other zones. A second tab holds the zones'
 * rebalancing targets (docs/zone-targets.md), each with what its zone holds now.
 */
export default function AreaSchedulingPage() {
  const t = useT();
  const [viewing, setViewing] = useState<ResourceRow | null>(null);
  const open = useCallback((row: ResourceRow) => setViewing(row), []);
  return (
    <>
      <PageHeader title={t(`menu.${zoneResource.module}.${zoneResource.page}`)} />
      <ZoneMapCard onOpen={open} />
      <Tabs
        items={[
          { key: 'zones', label: t('page.zoneMap.zonesTab'), children: <ResourceList resource={zoneResource} /> },
          { key: 'targets', label: t('page.zoneMap.targetsTab'), children: <ResourceList resource={zoneTargetResource} local /> },
        ]}
      />
      <ResourceDetailDrawer resource={zoneResource} row={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
