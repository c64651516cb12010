import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';
import type { PageProps } from '../../../shared/pageProps';
import { PageHeader } from '../../../shared/PageHeader';
import { useTabSearchParams } from '../../../shared/tabs/tabLocation';
import { useConfigStore } from '../../../stores/configStore';
import { LoginJournalSearch } from './LoginJournalSearch';
import { loginJournalQuery, stateFromParams, stateToParams, type LoginJournalState, type LoginLogRow } from './loginJournalApi';

/** configure/login_journal: staff sign-ins, newest first, filtered and paged on the server. */
export default function LoginJournalPage({ page }: PageProps) {
  const t = useT();
  const [params, setParams] = useTabSearchParams();
  const state = useMemo(() => stateFromParams(params), [params]);
  const tenantId = useConfigStore((s) => s.tenantId);
  const { data, isFetching } = useQuery({ ...loginJournalQuery(state, tenantId), placeholderData: keepPreviousData });
  const go = (next: Partial<LoginJournalState>) => setParams(stateToParams({ ...state, ...next }));

  const columns: ColumnsType<LoginLogRow> = [
    { title: t('page.loginJournal.userName'), dataIndex: 'userName', width: 140 },
    { title: t('page.loginJournal.ipaddr'), dataIndex: 'ipaddr', width: 130 },
    { title: t('page.loginJournal.location'), dataIndex: 'loginLocation', width: 140, render: (v: string) => v || '--' },
    { title: t('page.loginJournal.browser'), dataIndex: 'browser', width: 130 },
    { title: t('page.loginJournal.os'), dataIndex: 'os', width: 130 },
    {
      title: t('page.loginJournal.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: LoginLogRow['status']) => (
        // antd's preset green text is too faint on its tint (3:1); a deeper text colour keeps AA contrast.
        <Tag color={status === '0' ? 'success' : 'error'} style={{ color: status === '0' ? '#1f5c0f' : '#a8071a' }}>
          {t(`dict.login_logs_status.${status}`)}
        </Tag>
      ),
    },
    // The journal stores message keys (login.msg.*), so each row reads in the viewer's language.
    { title: t('page.loginJournal.msg'), dataIndex: 'msg', ellipsis: true, render: (msg: string) => (msg ? t(msg) : '--') },
    { title: t('page.loginJournal.loginTime'), dataIndex: 'loginTime', width: 170, render: (v: string) => formatTimestamp(v) },
  ];

  return (
    <>
      <PageHeader title={t(page.title)} description={t('page.loginJournal.description')} />
      <LoginJournalSearch
        filters={state}
        onSearch={(filters) => setParams(stateToParams({ ...filters, pageNum: 1, pageSize: state.pageSize }))}
        onReset={() => setParams({ pageSize: state.pageSize })}
      />
      <Card size="small">
        <Table<LoginLogRow>
          rowKey="infoId"
          size="middle"
          columns={columns}
          dataSource={data?.rows ?? []}
          loading={isFetching}
          scroll={{ x: 1100 }}
          pagination={{
            current: state.pageNum,
            pageSize: state.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { total }),
          }}
          onChange={(pagination) =>
            go({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? state.pageSize })
          }
        />
      </Card>
    </>
  );
}
