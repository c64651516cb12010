import { Tabs } from 'antd';
import { sparePartMovementResource, sparePartResource, sparePartStockResource } from '@kayuh/contract/resources/spareParts';
import { useT } from '../../../lib/i18n';
import { PageHeader } from '../../../shared/PageHeader';
import { ResourceList } from '../../../shared/resource/ResourceList';

/**
 * operations/sparepart (DOMAIN §2.1; docs/spare-parts.md): the catalogue, what each depot of the city holds, and
 * every movement of stock, one tab each. A purchase, transfer, return, scrap or count is added on the movements tab;
 * a repair's parts leave with its submit. The catalogue's list keeps its state in the URL; the other two their own.
 */
export default function SparePartPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('menu.operations.sparepart')} />
      <Tabs
        items={[
          { key: 'parts', label: t('sparePart.catalogue'), children: <ResourceList resource={sparePartResource} /> },
          { key: 'stocks', label: t('sparePart.stocks'), children: <ResourceList resource={sparePartStockResource} local /> },
          { key: 'movements', label: t('sparePart.movements'), children: <ResourceList resource={sparePartMovementResource} local /> },
        ]}
      />
    </>
  );
}
