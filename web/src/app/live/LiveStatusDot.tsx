import { Tooltip } from 'antd';
import { useT } from '../../lib/i18n';
import { BRAND_ACCENT } from '../../shared/brand';
import { useLiveStore, type LiveStatus } from './liveStore';

const COLOR: Record<Exclude<LiveStatus, 'off'>, string> = { connecting: '#1677ff', connected: BRAND_ACCENT, reconnecting: '#d48806' };

/** The live link's state, discreetly: a dot in the header, its words in a tooltip and for screen readers. */
export function LiveStatusDot() {
  const t = useT();
  const status = useLiveStore((s) => s.status);
  if (status === 'off') return null;
  const label = t(`shell.live.${status}`);
  return (
    <Tooltip title={label}>
      <span className="kayuh-live-dot" data-status={status} role="img" aria-label={label} tabIndex={0}>
        <span style={{ background: COLOR[status] }} />
      </span>
    </Tooltip>
  );
}
