import { IdcardOutlined, MessageOutlined, TeamOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Row } from 'antd';
import type { MemberDashboard } from '@kayuh/contract/api/memberDashboard';
import { formatThousands, formatTimestamp } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';
import { currentZone } from '../../../lib/displayZone';
import { LinkedFigure } from '../../../shared/dashboard/LinkedFigure';
import { LIST_LINKS } from './memberDashboardApi';

/** The customer centre's figures: members and today's sign-ups, riders active today, the identity queue, open feedback. */
export function MemberFigures({ overview }: { overview: MemberDashboard }) {
  const t = useT();
  const oldest = overview.oldestPendingKycAt;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <LinkedFigure
        icon={<TeamOutlined />}
        title={t('page.memberDashboard.members')}
        value={overview.members}
        caption={t('page.memberDashboard.newToday', { count: formatThousands(overview.newToday) })}
        to={LIST_LINKS.members}
      />
      <LinkedFigure
        icon={<ThunderboltOutlined />}
        title={t('page.memberDashboard.activeToday')}
        value={overview.activeToday}
        caption={t('page.memberDashboard.activeTodayCaption')}
      />
      <LinkedFigure
        icon={<IdcardOutlined />}
        title={t('page.memberDashboard.pendingKyc')}
        value={overview.pendingKyc}
        tone={overview.pendingKyc ? 'warning' : undefined}
        caption={
          oldest
            ? t('page.memberDashboard.oldestPending', { at: formatTimestamp(oldest, { utcOffsetHours: currentZone().offsetHours }) })
            : t('page.memberDashboard.queueEmpty')
        }
        to={LIST_LINKS.kycQueue}
      />
      <LinkedFigure
        icon={<MessageOutlined />}
        title={t('page.memberDashboard.openFeedback')}
        value={overview.openFeedback}
        tone={overview.newFeedback ? 'warning' : undefined}
        caption={t('page.memberDashboard.newFeedback', { count: formatThousands(overview.newFeedback) })}
        to={LIST_LINKS.openFeedback}
      />
    </Row>
  );
}
