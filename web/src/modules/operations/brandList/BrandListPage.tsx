import { Tabs } from 'antd';
import { brandResource, productModelResource } from '@kayuh/contract/resources/fleetCatalogue';
import { useT } from '../../../lib/i18n';
import { PageHeader } from '../../../shared/PageHeader';
import { ResourceList } from '../../../shared/resource/ResourceList';

/**
 * operations /brand/list (DOMAIN §1.2: brands + product_models): the makers and their models, one tab each. The
 * brands' list keeps its state in the tab's URL like every list; the models' list keeps its own, so the two never
 * share a filter. A brand's detail lists its models too.
 */
export default function BrandListPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('menu.operations.brandList')} />
      <Tabs
        items={[
          { key: 'brands', label: t('fleet.brands'), children: <ResourceList resource={brandResource} /> },
          { key: 'models', label: t('fleet.models'), children: <ResourceList resource={productModelResource} local /> },
        ]}
      />
    </>
  );
}
