import { Button, Modal } from 'antd';
import { useT } from '../../lib/i18n';
import { SafeHtml } from '../../shared/SafeHtml';
import { useTourTips } from '../../shared/tour/tourState';

/** Spec §4: once nothing is pending, an alert titled 'Tips' shows the last step's remark as (sanitized) HTML. */
export function TourTips() {
  const t = useT();
  const remark = useTourTips((s) => s.remark);
  const close = () => useTourTips.setState({ remark: null });
  return (
    <Modal
      open={remark !== null}
      title={t('common.tips')}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close}>
          {t('common.ok')}
        </Button>
      }
      destroyOnHidden
    >
      {remark ? <SafeHtml html={remark} className="kayuh-tour-remark" /> : <p>{t('tour.tips.done')}</p>}
    </Modal>
  );
}
