import { Alert, Button, Descriptions, Form, InputNumber, Modal, Radio, Table, Typography } from 'antd';
import { useState } from 'react';
import { type FareRule, fareOf } from '@kayuh/contract/rules/fare';
import { formatMoney } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';
import type { ResourceRow } from '../../../shared/resource/resourceApi';

/** The rides the preview prices at a glance: a hop, a commute, a long ride, an hour. */
const SAMPLE_MINUTES = [5, 15, 30, 60] as const;

type Penalty = 'none' | 'outOfArea' | 'noParking';

/** A billing rule's prices as the fare reads them (billing_rules, DOMAIN §2.5). */
export const fareRuleOf = (row: ResourceRow): FareRule => ({
  unlockFee: Number(row.unlockFee ?? 0),
  freeMinutes: Number(row.freeMinutes ?? 0),
  unitMinutes: Math.max(1, Number(row.unitMinutes ?? 1)),
  unitPrice: Number(row.unitPrice ?? 0),
  pauseUnitPrice: Number(row.pauseUnitPrice ?? 0),
  dailyCap: row.dailyCap === null || row.dailyCap === undefined ? null : Number(row.dailyCap),
});

/**
 * The fare of a sample ride under a billing rule, worked out in the browser by the same function the server prices
 * rides with (contract/rules/fare.ts): a ride's length and pause, what the member already paid today in the city (the
 * daily cap counts it), and a ride-end penalty; then the same for a few usual ride lengths.
 */
export function FarePreviewModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useT();
  const [rideMinutes, setRideMinutes] = useState(15);
  const [pausedMinutes, setPausedMinutes] = useState(0);
  const [earlierToday, setEarlierToday] = useState(0);
  const [penalty, setPenalty] = useState<Penalty>('none');
  const rule = fareRuleOf(row);
  const money = (amount: number) => formatMoney(amount, row.currency);
  const penaltyFee = penalty === 'outOfArea' ? Number(row.outOfAreaFee ?? 0) : penalty === 'noParking' ? Number(row.noParkingFee ?? 0) : 0;
  const fare = fareOf(rule, {
    elapsedS: rideMinutes * 60,
    pausedS: pausedMinutes * 60,
    cappedEarlierToday: earlierToday,
    penaltyFee,
  });
  const inputs = [
    { id: 'fare-ride', label: 'billingRule.preview.rideMinutes', max: 1_440, value: rideMinutes, set: setRideMinutes },
    { id: 'fare-paused', label: 'billingRule.preview.pausedMinutes', max: 1_440, value: pausedMinutes, set: setPausedMinutes },
    { id: 'fare-earlier', label: 'billingRule.preview.earlierToday', max: 1_000_000_000, value: earlierToday, set: setEarlierToday },
  ];
  const samples = SAMPLE_MINUTES.map((minutes) => ({ minutes, payable: fareOf(rule, { elapsedS: minutes * 60, pausedS: 0 }).payable }));

  return (
    <Modal
      open
      width={640}
      title={`${t('billingRule.preview.title')} · ${String(row.name ?? '')}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('billingRule.preview.intro')}</Typography.Paragraph>
      <Form layout="vertical">
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 12 }}>
          {inputs.map((input) => (
            <Form.Item key={input.id} label={t(input.label)} htmlFor={input.id}>
              <InputNumber
                id={input.id}
                min={0}
                max={input.max}
                precision={0}
                value={input.value}
                onChange={(v) => input.set(v ?? 0)}
                style={{ width: '100%' }}
              />
            </Form.Item>
          ))}
        </div>
        <Form.Item label={t('billingRule.preview.penalty')}>
          <Radio.Group
            value={penalty}
            onChange={(e) => setPenalty(e.target.value as Penalty)}
            options={[
              { value: 'none', label: t('billingRule.preview.penalty.none') },
              { value: 'outOfArea', label: t('field.billingRule.outOfAreaFee') },
              { value: 'noParking', label: t('field.billingRule.noParkingFee') },
            ]}
          />
        </Form.Item>
      </Form>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'unlock', label: t('field.billingRule.unlockFee'), children: money(fare.unlockFee) },
          { key: 'time', label: t('billingRule.preview.timeFee'), children: money(fare.timeFee) },
          { key: 'pause', label: t('billingRule.preview.pauseFee'), children: money(fare.pauseFee) },
          ...(fare.capDiscount ? [{ key: 'cap', label: t('billingRule.preview.capDiscount'), children: `− ${money(fare.capDiscount)}` }] : []),
          ...(fare.penaltyFee ? [{ key: 'penalty', label: t('billingRule.preview.penalty'), children: money(fare.penaltyFee) }] : []),
          { key: 'payable', label: t('billingRule.preview.payable'), children: <strong data-testid="fare-payable">{money(fare.payable)}</strong> },
        ]}
      />
      {rule.dailyCap !== null && earlierToday >= rule.dailyCap ? (
        <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('field.billingRule.dailyCap.hint')} />
      ) : null}
      <Table
        className="fare-samples"
        style={{ marginTop: 16 }}
        size="small"
        pagination={false}
        rowKey="minutes"
        dataSource={samples}
        columns={[
          { title: t('billingRule.preview.rideMinutes'), dataIndex: 'minutes' },
          { title: t('billingRule.preview.payable'), dataIndex: 'payable', align: 'right', render: (v: number) => money(v) },
        ]}
      />
    </Modal>
  );
}
