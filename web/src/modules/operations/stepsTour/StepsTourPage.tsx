import { Button, Empty, Popconfirm, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { TourItem } from '@kayuh/contract/api/tour';
import { GUIDE_STATUS_DONE } from '@kayuh/contract/constants';
import { findPageByPath } from '@kayuh/contract/menus/index';
import { TOUR_SUBMIT_PERM, useTourEligible, useTourFollowed, useTourList } from '../../../shared/tour/useTour';
import { finishTourStep, resumeTour } from '../../../shared/tour/tourState';
import { useTourChoice } from '../../../shared/tour/tourPrefs';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import type { PageProps } from '../../../shared/pageProps';
import { PageHeader } from '../../../shared/PageHeader';
import { Has } from '../../../shared/permissions/Has';
import { useConfigStore } from '../../../stores/configStore';

/** operations/steps/tour: the tenant's tour in order — what is done, where each step is done, and a manual finish. */
export default function StepsTourPage({ page }: PageProps) {
  const t = useT();
  const eligible = useTourEligible();
  const query = useTourList(eligible);
  const list = useConfigStore((s) => s.tourList);
  const hideStep = useConfigStore((s) => s.hideStep);
  const followed = useTourFollowed();
  const { skipped } = useTourChoice();
  const done = list.filter((s) => s.status === GUIDE_STATUS_DONE).length;
  const isSkipped = (row: TourItem) => row.status !== GUIDE_STATUS_DONE && skipped.includes(row.id);

  const markDone = async (step: TourItem) => {
    if (await finishTourStep(step.id, { silent: false })) toast('success', t('page.stepsTour.marked'));
  };
  const columns: ColumnsType<TourItem> = [
    { key: 'order', title: t('page.stepsTour.order'), width: 64, render: (_v, _row, index) => index + 1 },
    { key: 'step', title: t('page.stepsTour.step'), render: (_v, row) => (row.titleKey ? t(row.titleKey) : '--') },
    {
      key: 'page',
      title: t('page.stepsTour.page'),
      render: (_v, row) => {
        const target = findPageByPath(row.routeWeb);
        return <Link to={row.routeWeb}>{target ? t(target.page.title) : row.routeWeb}</Link>;
      },
    },
    {
      key: 'status',
      title: t('page.stepsTour.status'),
      width: 120,
      render: (_v, row) => {
        if (row.status === GUIDE_STATUS_DONE)
          return (
            <Tag color="success" style={{ color: '#1f5c0f' }}>
              {t('tour.status.1')}
            </Tag>
          );
        if (isSkipped(row)) return <Tag>{t('tour.status.skipped')}</Tag>;
        return (
          <Tag color="warning" style={{ color: '#7a4100' }}>
            {t('tour.status.0')}
          </Tag>
        );
      },
    },
    {
      key: 'action',
      title: t('engine.actions'),
      width: 150,
      // A done step has nothing left to do.
      render: (_v, row) =>
        row.status === GUIDE_STATUS_DONE ? null : (
          <Has perm={TOUR_SUBMIT_PERM}>
            <Popconfirm
              title={t('page.stepsTour.markDoneConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => markDone(row)}
            >
              <Button size="small">{t('page.stepsTour.markDone')}</Button>
            </Popconfirm>
          </Has>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t(page.title)}
        description={t('page.stepsTour.description')}
        extra={
          followed && (hideStep || list.some(isSkipped)) && done < list.length && <Button onClick={resumeTour}>{t('page.stepsTour.showTour')}</Button>
        }
      />
      {list.length > 0 && <Typography.Paragraph type="secondary">{t('page.stepsTour.progress', { done, total: list.length })}</Typography.Paragraph>}
      <Table<TourItem>
        rowKey="id"
        columns={columns}
        dataSource={list}
        loading={eligible && query.isPending && query.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('page.stepsTour.empty')} /> }}
      />
    </>
  );
}
