import { CloseOutlined } from '@ant-design/icons';
import { Button, Progress, Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { TourItem } from '@kayuh/contract/api/tour';
import { GUIDE_STATUS_DONE } from '@kayuh/contract/constants';
import { useT } from '../../lib/i18n';
import { useConfigStore } from '../../stores/configStore';

export const TOUR_PAGE = '/operations/steps/tour';

/** Where the panel sits: the content's bottom-left corner, clear of the side menu and of the notices (bottom-right). */
const SIDER = { open: 232, collapsed: 64 };

interface TourPanelProps {
  step: TourItem;
  list: readonly TourItem[];
  onStepPage: boolean;
  /** The user may open the step's page and it is built. */
  openable: boolean;
  onOpen: () => void;
  onSkipStep: () => void;
  onSkipTour: () => void;
}

/** The active step, small and out of the way (spec §4): what to do, where, and how far the tour has come. */
export function TourPanel({ step, list, onStepPage, openable, onOpen, onSkipStep, onSkipTour }: TourPanelProps) {
  const t = useT();
  const inModule = useConfigStore((s) => s.menuLeft !== '');
  const collapsed = useConfigStore((s) => s.isCollapse);
  const number = list.findIndex((s) => s.id === step.id) + 1;
  const done = list.filter((s) => s.status === GUIDE_STATUS_DONE).length;
  const left = (inModule ? (collapsed ? SIDER.collapsed : SIDER.open) : 0) + 24;
  const title = step.titleKey ? t(step.titleKey) : step.routeWeb;
  return (
    <aside className="kayuh-tour-panel" style={{ left }} aria-label={t('tour.panel.label')}>
      <div className="kayuh-tour-head">
        <Typography.Text type="secondary" className="kayuh-tour-eyebrow">
          {t('tour.panel.step', { number, total: list.length })}
        </Typography.Text>
        <Button
          type="text"
          size="small"
          aria-label={t('tour.panel.skipTour')}
          title={t('tour.panel.skipTour')}
          icon={<CloseOutlined aria-hidden />}
          onClick={onSkipTour}
        />
      </div>
      <div className="kayuh-tour-title">{title}</div>
      <Typography.Paragraph type="secondary" className="kayuh-tour-hint">
        {t(!openable ? 'tour.panel.hintClosed' : onStepPage ? 'tour.panel.hintHere' : 'tour.panel.hintThere')}
      </Typography.Paragraph>
      <Progress
        percent={Math.round((done / list.length) * 100)}
        steps={list.length}
        size={[Math.floor(260 / list.length) - 4, 6]}
        showInfo={false}
        aria-hidden
      />
      <Space size={8} className="kayuh-tour-actions">
        {openable && !onStepPage && (
          <Button type="primary" size="small" onClick={onOpen}>
            {t('tour.panel.open')}
          </Button>
        )}
        <Button type={openable ? 'default' : 'primary'} size="small" onClick={onSkipStep}>
          {t('tour.panel.skipStep')}
        </Button>
        <Link to={TOUR_PAGE}>{t('tour.panel.allSteps')}</Link>
      </Space>
    </aside>
  );
}
