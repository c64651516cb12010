import type { ResourceDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { PageHeader } from '../PageHeader';
import type { ResourceExtras } from './resourceExtras';
import { ResourceList } from './ResourceList';

interface ResourcePageProps {
  resource: ResourceDef;
  /** What the page adds to its declaration (row actions, field behaviour, live refresh). */
  extras?: ResourceExtras;
}

/**
 * A whole list page from one declaration (DESIGN §5): the page header over the resource's list (search form,
 * toolbar, table with row actions, add / edit drawer, detail drawer). List state lives in the tab's URL,
 * as on every list page.
 */
export default function ResourcePage({ resource, extras }: ResourcePageProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t(`menu.${resource.module}.${resource.page}`)} />
      <ResourceList resource={resource} extras={extras} />
    </>
  );
}
