import { Button, Card, Input, Popconfirm, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { OnlineSession } from '@kayuh/contract/api/monitor';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { Has } from '../../../shared/permissions/Has';
import { useForceLogout } from './monitorApi';

const FORCE_LOGOUT = 'configure:DataMonitoring:forceLogout';
const dash = (value: string | null) => value || '--';

interface OnlineSessionsTableProps {
  rows: OnlineSession[];
  loading: boolean;
  tenantId: number | null;
  /** The super-admin sees every tenant's sessions, so the tenant is worth a column. */
  showTenant: boolean;
  onSearch: (userName: string) => void;
}

/** Who is signed in now, with a force sign-out per session (never the caller's own). */
export function OnlineSessionsTable({ rows, loading, tenantId, showTenant, onSearch }: OnlineSessionsTableProps) {
  const t = useT();
  const forceLogout = useForceLogout(tenantId);
  const end = async (row: OnlineSession) => {
    try {
      await forceLogout.mutateAsync(row.sessionId);
      toast('success', t('page.dataMonitoring.forcedOut'));
    } catch {
      // The HTTP client has already said why (e.g. the session ended meanwhile: 2002).
    }
  };

  const columns: ColumnsType<OnlineSession> = [
    {
      title: t('page.dataMonitoring.userName'),
      dataIndex: 'userName',
      render: (userName: string, row) => (
        <>
          {userName}
          {row.current && (
            <Tag color="success" style={{ marginLeft: 8, color: '#1f5c0f' }}>
              {t('page.dataMonitoring.thisSession')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('page.dataMonitoring.nickName'), dataIndex: 'nickName' },
    ...(showTenant ? [{ title: t('page.dataMonitoring.tenant'), dataIndex: 'tenantName' }] : []),
    { title: t('page.dataMonitoring.ip'), dataIndex: 'ip', render: dash },
    { title: t('page.dataMonitoring.browser'), dataIndex: 'browser', render: dash },
    { title: t('page.dataMonitoring.os'), dataIndex: 'os', render: dash },
    { title: t('page.dataMonitoring.loginAt'), dataIndex: 'loginAt', render: (v: string) => formatTimestamp(v) },
    { title: t('page.dataMonitoring.lastSeenAt'), dataIndex: 'lastSeenAt', render: (v: string) => formatTimestamp(v) },
    {
      title: t('engine.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Has perm={FORCE_LOGOUT}>
          {row.current ? (
            <Tooltip title={t('page.dataMonitoring.ownSession')}>
              <Button type="link" size="small" danger disabled>
                {t('page.dataMonitoring.forceLogout')}
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={t('page.dataMonitoring.confirmForceLogout', { name: row.userName })}
              okText={t('page.dataMonitoring.forceLogout')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => end(row)}
            >
              <Button type="link" size="small" danger>
                {t('page.dataMonitoring.forceLogout')}
              </Button>
            </Popconfirm>
          )}
        </Has>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('page.dataMonitoring.onlineTitle')}
      extra={
        <Input.Search
          allowClear
          maxLength={64}
          style={{ width: 240 }}
          aria-label={t('page.dataMonitoring.searchUser')}
          placeholder={t('page.dataMonitoring.searchUser')}
          onSearch={(value) => onSearch(value.trim())}
        />
      }
    >
      <Table<OnlineSession>
        rowKey="sessionId"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
        locale={{ emptyText: t('page.dataMonitoring.noSessions') }}
      />
    </Card>
  );
}
