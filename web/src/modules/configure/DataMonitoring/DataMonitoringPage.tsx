import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { isSuperAdmin } from '@kayuh/contract/rules/permissions';
import { useT } from '../../../lib/i18n';
import type { PageProps } from '../../../shared/pageProps';
import { PageHeader } from '../../../shared/PageHeader';
import { useConfigStore } from '../../../stores/configStore';
import { useUserStore } from '../../../stores/userStore';
import { onlineSessionsQuery, serverFiguresQuery } from './monitorApi';
import { OnlineSessionsTable } from './OnlineSessionsTable';
import { ServerFigureCards } from './ServerFigureCards';

/** configure/DataMonitoring: live server figures, read every 5 s, and the staff signed in now. */
export default function DataMonitoringPage({ page }: PageProps) {
  const t = useT();
  const tenantId = useConfigStore((s) => s.tenantId);
  const superAdmin = useUserStore((s) => isSuperAdmin(s.userInfo));
  const [userName, setUserName] = useState('');
  const figures = useQuery(serverFiguresQuery(tenantId));
  const online = useQuery(onlineSessionsQuery(tenantId, userName));
  const refreshing = figures.isFetching || online.isFetching;
  const refresh = () => Promise.all([figures.refetch(), online.refetch()]);

  return (
    <>
      <PageHeader
        title={t(page.title)}
        description={t('page.dataMonitoring.description')}
        extra={
          <Space wrap={false}>
            {figures.dataUpdatedAt > 0 && (
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {t('page.dataMonitoring.lastReading', { time: formatTimestamp(figures.dataUpdatedAt) })}
              </Typography.Text>
            )}
            <Button icon={<ReloadOutlined aria-hidden spin={refreshing} />} onClick={refresh}>
              {t('page.dataMonitoring.refresh')}
            </Button>
          </Space>
        }
      />
      {figures.data ? <ServerFigureCards figures={figures.data} /> : <Skeleton active paragraph={{ rows: 6 }} style={{ marginBottom: 16 }} />}
      <OnlineSessionsTable
        rows={online.data ?? []}
        loading={online.isPending && online.isFetching}
        tenantId={tenantId}
        showTenant={superAdmin}
        onSearch={setUserName}
      />
    </>
  );
}
