import { Space, Typography } from 'antd';
import { useT } from '../../../lib/i18n';
import { ZONE_TYPES, zoneColor } from './zoneMap';

/** A colour swatch; dashed for a draft, pale for a disabled zone. */
export function Swatch({ color, dashed, faded }: { color: string; dashed?: boolean; faded?: boolean }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: 3,
        border: `2px ${dashed ? 'dashed' : 'solid'} ${color}`,
        // The map's fill: the outline's colour, a fifth as strong (colours are #rrggbb).
        background: `${color}33`,
        opacity: faded ? 0.45 : 1,
        verticalAlign: 'middle',
        boxSizing: 'border-box',
      }}
    />
  );
}

/** The six zone types with their colours (and counts when given), then how drafts and disabled zones look. */
export function ZoneLegend({ counts }: { counts?: Record<string, number> }) {
  const t = useT();
  return (
    <Space wrap size={[16, 4]} role="list" aria-label={t('page.zoneMap.legend')}>
      {ZONE_TYPES.map((type) => (
        <span key={type} role="listitem" data-zone-type={type}>
          <Swatch color={zoneColor(type)} /> {t(`dict.zones_type.${type}`)}
          {counts && <Typography.Text type="secondary"> ({counts[type] ?? 0})</Typography.Text>}
        </span>
      ))}
      <span role="listitem">
        <Swatch color="#595959" dashed /> {t('dict.zones_status.0')}
      </span>
      <span role="listitem">
        <Swatch color="#595959" faded /> {t('dict.zones_status.2')}
      </span>
    </Space>
  );
}
