import { Button, Col, Descriptions, Empty, Modal, Row, Typography } from 'antd';
import { FEEDBACK_PHOTOS } from '@kayuh/contract/api/feedback';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';
import { currentZone } from '../../../lib/displayZone';
import { PrivateImage } from '../../../shared/identity/PrivateImage';
import { useDictLabel } from '../../../shared/resource/optionsApi';
import type { ResourceRow } from '../../../shared/resource/resourceApi';

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '--' : String(value));

/**
 * One report read whole (/user_main/backFeed): what the rider wrote and the photos they took, what it names, and what
 * customer service has done — the reply the app shows, the refund asked for, the fault raised. The row's own actions
 * (reply, refund, link a fault, resolve) stay on the list.
 */
export function FeedbackModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useT();
  const typeLabel = useDictLabel('feedbacks_type');
  const statusLabel = useDictLabel('feedbacks_status');
  const photos = FEEDBACK_PHOTOS.slice(0, Number(row.photoCount ?? 0));
  const at = (value: unknown) => (value ? formatTimestamp(value as string, { utcOffsetHours: currentZone().offsetHours }) : '--');
  return (
    <Modal
      open
      width={820}
      title={`${t('resource.feedback')} · ${text(row.feedbackNo)}`}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('common.ok')}</Button>}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 15 }}>{text(row.content)}</Typography.Paragraph>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
        {t('feedback.photos')}
      </Typography.Text>
      {photos.length ? (
        <Row gutter={12}>
          {photos.map((_, i) => (
            <Col span={8} key={i}>
              <PrivateImage
                path={`/user/feedback/${String(row.feedbackId)}/photo/${i + 1}`}
                alt={t('feedback.photoAlt', { index: i + 1 })}
                height={180}
              />
            </Col>
          ))}
        </Row>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('feedback.noPhotos')} />
      )}
      <Descriptions
        style={{ marginTop: 16 }}
        bordered
        size="small"
        column={2}
        items={[
          { key: 'type', label: t('field.feedback.type'), children: typeLabel(String(row.type)) },
          { key: 'status', label: t('field.feedback.status'), children: statusLabel(String(row.status)) },
          { key: 'phone', label: t('field.feedback.memberPhone'), children: text(row.memberPhone) },
          { key: 'sent', label: t('field.feedback.createdAt'), children: at(row.createdAt) },
          { key: 'ride', label: t('field.feedback.rideOrderNo'), children: text(row.rideOrderNo) },
          { key: 'vehicle', label: t('field.feedback.vehicleNo'), children: text(row.vehicleNo) },
          { key: 'refund', label: t('field.feedback.refundNo'), children: text(row.refundNo) },
          { key: 'fault', label: t('field.feedback.faultCode'), children: text(row.faultCode) },
          { key: 'reply', label: t('field.feedback.reply'), span: 2, children: <span style={{ whiteSpace: 'pre-wrap' }}>{text(row.reply)}</span> },
          { key: 'resolved', label: t('field.feedback.resolvedAt'), children: at(row.resolvedAt) },
        ]}
      />
    </Modal>
  );
}
