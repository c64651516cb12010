import { LeftOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { useDisplayZone } from '../../../lib/displayZone';
import { useT } from '../../../lib/i18n';
import { submitQueue } from './fieldApi';
import type { QueuedSubmit } from './submitQueue';

/** The submits still on the phone: waiting for the network, or refused by the server (read, then thrown away). */
interface OutboxProps {
  items: QueuedSubmit[];
  online: boolean;
  sending: boolean;
  onSend: () => void;
  onBack: () => void;
}

export function Outbox({ items, online, sending, onSend, onBack }: OutboxProps) {
  const t = useT();
  const zone = useDisplayZone();
  return (
    <section className="field-outbox" aria-label={t('fieldTool.outbox.title')}>
      <Button type="link" icon={<LeftOutlined />} onClick={onBack} className="field-back">
        {t('fieldTool.back')}
      </Button>
      <h2 className="field-title">{t('fieldTool.outbox.title')}</h2>
      {!online && <Alert type="warning" showIcon title={t('fieldTool.offlineHint')} />}
      {items.length === 0 && <p className="field-empty">{t('fieldTool.outbox.empty')}</p>}
      <ul className="field-outbox-list">
        {items.map((item) => (
          <li key={item.key}>
            <strong>{item.ticketNo}</strong>
            <span className={item.refusal ? 'field-overdue' : undefined}>
              {item.refusal
                ? t('fieldTool.outbox.refused', { reason: item.refusal })
                : t('fieldTool.outbox.waitingSince', { at: formatTimestamp(item.queuedAt, { utcOffsetHours: zone.offsetHours }) })}
            </span>
            {item.refusal && (
              <Button danger onClick={() => void submitQueue.discard(item.key)}>
                {t('fieldTool.outbox.discard')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {items.some((x) => !x.refusal) && (
        <Button type="primary" size="large" block loading={sending} disabled={!online} onClick={onSend}>
          {t('fieldTool.outbox.sendNow')}
        </Button>
      )}
    </section>
  );
}
