import { ApiOutlined, ClockCircleOutlined, DatabaseOutlined, InboxOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Col, Progress, Row, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FRAME_DROP_REASONS, type DeviceTraffic, type ServerFigures } from '@kayuh/contract/api/monitor';
import { formatDuration, formatThousands } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';

const DB_ENGINES: Record<ServerFigures['database']['kind'], string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };

/** Seconds as H:mm:ss; a process that just started has run 0:00:00, not '--'. */
const clock = (seconds: number) => (seconds > 0 ? formatDuration(seconds) : '0:00:00');
const cpuClock = (ms: number) => clock(Math.round(ms / 1000));

function Caption({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
      {children}
    </Typography.Text>
  );
}

function Label({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
      {children}
    </Typography.Text>
  );
}

/** One figure: its label above, the value formatted by the console's rules (grouped digits). */
function Figure({ label, value, suffix }: { label: string; value: number | string; suffix?: string }) {
  return (
    <Statistic
      title={label}
      value={value}
      suffix={suffix}
      formatter={(v) => (typeof v === 'number' ? formatThousands(v) : v)}
      styles={{ content: { fontSize: 22 } }}
    />
  );
}

function FigureCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={
        <span>
          <span aria-hidden style={{ marginRight: 8, color: 'var(--ant-color-primary)' }}>
            {icon}
          </span>
          {title}
        </span>
      }
      style={{ height: '100%' }}
    >
      {children}
    </Card>
  );
}

/** The device link's traffic on this server: devices connected, frames taken in, and those dropped by reason. */
function DeviceTrafficCard({ traffic }: { traffic: DeviceTraffic }) {
  const t = useT();
  const dropped = FRAME_DROP_REASONS.reduce((sum, reason) => sum + traffic.dropped[reason], 0);
  return (
    <FigureCard icon={<ApiOutlined />} title={t('page.dataMonitoring.devices')}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Figure label={t('page.dataMonitoring.devicesConnected')} value={traffic.connected ?? '--'} />
          {traffic.connected === null && <Caption>{t('page.dataMonitoring.devicesExternal')}</Caption>}
        </Col>
        <Col xs={12} md={6}>
          <Figure label={t('page.dataMonitoring.framesAccepted')} value={traffic.framesAccepted} />
          <Caption>{t('page.dataMonitoring.devicesSince')}</Caption>
        </Col>
        <Col xs={24} md={12}>
          <Figure label={t('page.dataMonitoring.framesDropped')} value={dropped} />
          <ul aria-label={t('page.dataMonitoring.framesDropped')} style={{ margin: '4px 0 0', padding: 0, listStyle: 'none' }}>
            {FRAME_DROP_REASONS.map((reason) => (
              <li key={reason} style={{ display: 'inline-block', marginRight: 12 }}>
                <Typography.Text type={traffic.dropped[reason] ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
                  {t(`page.dataMonitoring.drop.${reason}`)} {formatThousands(traffic.dropped[reason])}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </Col>
      </Row>
    </FigureCard>
  );
}

/** The groups of live figures: process, database, queues, sessions, and the device link. */
export function ServerFigureCards({ figures }: { figures: ServerFigures }) {
  const t = useT();
  const { process: p, database, queue, sessions } = figures;
  const heapPct = p.heapTotalMb > 0 ? Math.round((p.heapUsedMb / p.heapTotalMb) * 100) : 0;
  const leader = sessions.scheduler === 'leader';
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} xl={12}>
        <FigureCard icon={<ClockCircleOutlined />} title={t('page.dataMonitoring.process')}>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={8}>
              <Figure label={t('page.dataMonitoring.uptime')} value={clock(p.uptimeS)} />
            </Col>
            <Col xs={12} md={8}>
              <Figure label={t('page.dataMonitoring.rss')} value={p.rssMb} suffix="MB" />
            </Col>
            <Col xs={12} md={8}>
              <Figure label={t('page.dataMonitoring.cpuTime')} value={cpuClock(p.cpuUserMs + p.cpuSystemMs)} />
              <Caption>{t('page.dataMonitoring.cpuSplit', { user: cpuClock(p.cpuUserMs), system: cpuClock(p.cpuSystemMs) })}</Caption>
            </Col>
            <Col xs={24} md={16}>
              <Label>{t('page.dataMonitoring.heap')}</Label>
              <Progress percent={heapPct} aria-label={t('page.dataMonitoring.heap')} status={heapPct >= 90 ? 'exception' : 'normal'} />
              <Caption>{t('page.dataMonitoring.heapOf', { used: formatThousands(p.heapUsedMb), total: formatThousands(p.heapTotalMb) })}</Caption>
            </Col>
            <Col xs={24} md={8}>
              <Figure label={t('page.dataMonitoring.loadAvg')} value={p.loadAvg.map((v) => v.toFixed(2)).join(' / ')} />
              <Caption>
                {t('page.dataMonitoring.cpus', { count: p.cpus })} · Node.js {p.node} · PID {p.pid}
              </Caption>
            </Col>
          </Row>
        </FigureCard>
      </Col>
      <Col xs={24} md={8} xl={4}>
        <FigureCard icon={<DatabaseOutlined />} title={t('page.dataMonitoring.database')}>
          <Figure label={t('page.dataMonitoring.dbSize')} value={database.sizeMb} suffix="MB" />
          <div style={{ marginTop: 16 }}>
            <Figure label={t('page.dataMonitoring.dbKind')} value={DB_ENGINES[database.kind] ?? database.kind} />
          </div>
        </FigureCard>
      </Col>
      <Col xs={24} md={8} xl={4}>
        <FigureCard icon={<InboxOutlined />} title={t('page.dataMonitoring.queue')}>
          <Row gutter={[12, 16]}>
            <Col span={12}>
              <Figure label={t('page.dataMonitoring.exportsQueued')} value={queue.exportsQueued} />
            </Col>
            <Col span={12}>
              <Figure label={t('page.dataMonitoring.exportsRunning')} value={queue.exportsRunning} />
            </Col>
            <Col span={24}>
              <Figure label={t('page.dataMonitoring.failedRuns')} value={queue.taskRunsFailed24h} />
            </Col>
          </Row>
        </FigureCard>
      </Col>
      <Col xs={24} md={8} xl={4}>
        <FigureCard icon={<TeamOutlined />} title={t('page.dataMonitoring.sessions')}>
          <Row gutter={[12, 16]}>
            <Col span={12}>
              <Figure label={t('page.dataMonitoring.online')} value={sessions.online} />
            </Col>
            <Col span={12}>
              <Figure label={t('page.dataMonitoring.liveConnections')} value={sessions.liveConnections} />
            </Col>
          </Row>
          <div style={{ marginTop: 16 }}>
            <Label>{t('page.dataMonitoring.scheduler')}</Label>
            <Tag color={leader ? 'success' : 'default'} style={leader ? { color: '#1f5c0f' } : undefined}>
              {t(`page.dataMonitoring.scheduler.${sessions.scheduler}`)}
            </Tag>
            <Caption>{t(`page.dataMonitoring.scheduler.${sessions.scheduler}Hint`)}</Caption>
          </div>
        </FigureCard>
      </Col>
      <Col xs={24}>
        <DeviceTrafficCard traffic={figures.devices} />
      </Col>
    </Row>
  );
}
