import { EyeOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { post } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { useHas } from '../permissions/useHas';

interface SealedNumberProps {
  /** What everyone who reads the row sees (3201********0003). */
  masked: unknown;
  /** Where the number is revealed, with what, and the permission it takes (module:page:reveal). */
  url: string;
  body: Record<string, unknown>;
  perm: string;
  /** In a table cell: the Reveal button as an icon, its words in the tooltip. */
  compact?: boolean;
}

/**
 * An identity number kept sealed (docs/kyc.md): shown masked; with the permission, Reveal asks the server for it once
 * — the server journals who read which — and it stays shown, copyable, until the view closes.
 */
export function SealedNumber({ masked, url, body, perm, compact }: SealedNumberProps) {
  const t = useT();
  const { allowed } = useHas(perm);
  const [revealed, setRevealed] = useState<string>();
  const [loading, setLoading] = useState(false);
  if (!masked) return <>--</>;
  if (revealed)
    return (
      <Typography.Text copyable code style={{ whiteSpace: 'nowrap' }}>
        {revealed}
      </Typography.Text>
    );
  const reveal = () => {
    setLoading(true);
    void post<{ idNumber: string }>(url, body)
      .then((answer) => setRevealed(answer.idNumber))
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  return (
    <Space size={4} style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text>{String(masked)}</Typography.Text>
      {allowed && (
        <Tooltip title={compact ? `${t('kyc.reveal')} · ${t('kyc.reveal.journalled')}` : t('kyc.reveal.journalled')}>
          <Button size="small" type="link" icon={<EyeOutlined aria-hidden />} loading={loading} onClick={reveal} aria-label={t('kyc.reveal')}>
            {compact ? null : t('kyc.reveal')}
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}
