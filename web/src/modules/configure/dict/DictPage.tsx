import { Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { dictDataResource, dictTypeResource } from '@kayuh/contract/resources/dict';
import { useT } from '../../../lib/i18n';
import { PageHeader } from '../../../shared/PageHeader';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { ResourceList } from '../../../shared/resource/ResourceList';
import type { PageProps } from '../../../shared/pageProps';

const DICT_PATH = '/configure/dict';

/**
 * configure/dict: the values (in the tab's URL, as every list) and beside them the types; a type's name opens
 * its values.
 */
export default function DictPage({ page }: PageProps) {
  const t = useT();
  const navigate = useNavigate();
  const [tab, setTab] = useState('values');
  const typeExtras = useMemo<ResourceExtras>(
    () => ({
      fields: {
        dictType: {
          cell: (value) => (
            <Typography.Link
              onClick={() => {
                setTab('values');
                void navigate(`${DICT_PATH}?${new URLSearchParams({ dictType: String(value) }).toString()}`);
              }}
            >
              {String(value)}
            </Typography.Link>
          ),
        },
      },
    }),
    [navigate],
  );
  return (
    <>
      <PageHeader title={t(page.title)} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'values', label: t('resource.dictData'), children: <ResourceList resource={dictDataResource} /> },
          { key: 'types', label: t('resource.dictType'), children: <ResourceList resource={dictTypeResource} local extras={typeExtras} /> },
        ]}
      />
    </>
  );
}
