import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Descriptions, Modal, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { kycReviewResource, KycReviewStatus } from '@kayuh/contract/resources/kycReviews';
import { KYC_MIN_AGE } from '@kayuh/contract/rules/identity';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';
import { currentZone } from '../../../lib/displayZone';
import { toast } from '../../../lib/notify';
import { PrivateImage } from '../../../shared/identity/PrivateImage';
import { SealedNumber } from '../../../shared/identity/SealedNumber';
import { useHas } from '../../../shared/permissions/useHas';
import { useDictLabel, useDictOptions } from '../../../shared/resource/optionsApi';
import { permOf, useResourceMutations, type ResourceRow } from '../../../shared/resource/resourceApi';

const event = (name: string) => kycReviewResource.transitions!.find((t) => t.name === name)!;

/** The submitted age, flagged when below the age a KTP is issued at. */
export function AgeCell({ age }: { age: unknown }) {
  const t = useT();
  if (age === null || age === undefined) return <>--</>;
  return Number(age) < KYC_MIN_AGE ? (
    <Tag color="error">{`${String(age)} · ${t('kyc.review.underage', { min: KYC_MIN_AGE })}`}</Tag>
  ) : (
    <>{String(age)}</>
  );
}

/**
 * One submission reviewed (/user_main/userReview): the document and the selfie side by side, what was typed beside
 * them (the number masked, revealed with the permission), the checks a reviewer must not miss (a minor, a NIK verified
 * on another member), and the decision: approve, or reject with the reason the rider's app shows.
 */
export function KycReviewModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useT();
  const { transition } = useResourceMutations(kycReviewResource);
  const mayDecide = useHas(permOf(kycReviewResource, 'audit')).allowed && Number(row.status) === KycReviewStatus.pending;
  const reasons = useDictOptions('kyc_reviews_reject_reason');
  const idTypeLabel = useDictLabel('kyc_reviews_id_type');
  const statusLabel = useDictLabel('kyc_reviews_status');
  const [reason, setReason] = useState<string>();
  const [busy, setBusy] = useState<'approve' | 'reject'>();
  const id = Number(row.kycReviewId);

  const decide = (which: 'approve' | 'reject') => {
    setBusy(which);
    transition
      .mutateAsync({
        def: event(which === 'approve' ? 'approveKyc' : 'rejectKyc'),
        row,
        payload: which === 'reject' ? { rejectReason: reason } : undefined,
      })
      .then(() => {
        toast('success', t(which === 'approve' ? 'transition.approveKyc' : 'transition.rejectKyc'));
        onClose();
      })
      .catch(() => undefined)
      .finally(() => setBusy(undefined));
  };

  return (
    <Modal
      open
      width={880}
      title={`${t('kyc.review.title')} · ${String(row.realName ?? '')}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        mayDecide ? (
          <Space wrap>
            <Select
              style={{ width: 220 }}
              placeholder={t('field.kycReview.rejectReason')}
              options={reasons}
              value={reason}
              onChange={setReason}
              aria-label={t('field.kycReview.rejectReason')}
            />
            <Button danger icon={<CloseOutlined aria-hidden />} disabled={!reason} loading={busy === 'reject'} onClick={() => decide('reject')}>
              {t('transition.rejectKyc')}
            </Button>
            <Button
              type="primary"
              icon={<CheckOutlined aria-hidden />}
              disabled={Boolean(row.duplicateOf)}
              loading={busy === 'approve'}
              onClick={() => decide('approve')}
            >
              {t('transition.approveKyc')}
            </Button>
          </Space>
        ) : (
          <Button onClick={onClose}>{t('common.ok')}</Button>
        )
      }
    >
      {Boolean(row.duplicateOf) && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('kyc.review.duplicate', { memberNo: String(row.duplicateOf) })} />
      )}
      <Row gutter={16}>
        {(['idPhoto', 'selfie'] as const).map((which) => (
          <Col span={12} key={which}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
              {t(`kyc.review.${which}`)}
            </Typography.Text>
            <PrivateImage path={`/user/kycReview/${id}/photo/${which}`} alt={t(`kyc.review.${which}`)} height={260} />
          </Col>
        ))}
      </Row>
      <Descriptions
        style={{ marginTop: 16 }}
        bordered
        size="small"
        column={2}
        items={[
          { key: 'name', label: t('field.kycReview.realName'), children: String(row.realName ?? '--') },
          { key: 'phone', label: t('field.kycReview.memberPhone'), children: String(row.memberPhone ?? '--') },
          { key: 'type', label: t('field.kycReview.idType'), children: idTypeLabel(String(row.idType)) },
          {
            key: 'number',
            label: t('field.kycReview.idNumberMasked'),
            children: (
              <SealedNumber
                masked={row.idNumberMasked}
                url="/user/kycReview/reveal"
                body={{ kycReviewId: id }}
                perm={permOf(kycReviewResource, 'reveal')}
              />
            ),
          },
          { key: 'birth', label: t('field.kycReview.birthDate'), children: String(row.birthDate ?? '--') },
          { key: 'age', label: t('field.kycReview.age'), children: <AgeCell age={row.age} /> },
          {
            key: 'sent',
            label: t('field.kycReview.createdAt'),
            children: formatTimestamp(row.createdAt, { utcOffsetHours: currentZone().offsetHours }),
          },
          { key: 'status', label: t('field.kycReview.status'), children: statusLabel(String(row.status)) },
        ]}
      />
    </Modal>
  );
}
