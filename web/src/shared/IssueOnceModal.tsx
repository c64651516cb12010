import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useT } from '../lib/i18n';

/** One value an issue answers, to copy: a user name, a key, a password. */
export interface IssuedValue {
  key: string;
  label: string;
  value: string;
  /** Set in code type (a secret), else plain. */
  code?: boolean;
}

export interface IssueOnceProps<T> {
  title: string;
  /** What issuing does (the old secret stops working), shown before it. */
  explain: ReactNode;
  /** Why this row cannot be issued one (no IMEI): shown instead, with the button off. */
  blocked?: string;
  /** The button's label. */
  issueLabel: string;
  issue: () => Promise<T>;
  /** After issuing: the warning that it is shown this once, and the values to copy. */
  once: (issued: T) => string;
  values: (issued: T) => IssuedValue[];
  onIssued?: (issued: T) => void;
  onClose: () => void;
}

/**
 * A secret issued from a row and shown once (a device's key, a merchant person's password): what issuing does, then
 * the secret with what goes with it, each copyable, and the warning it is not shown again.
 */
export function IssueOnceModal<T>({ title, explain, blocked, issueLabel, issue, once, values, onIssued, onClose }: IssueOnceProps<T>) {
  const t = useT();
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<T>();
  const run = () => {
    setIssuing(true);
    void issue()
      .then((answer) => {
        setIssued(answer);
        onIssued?.(answer);
      })
      .catch(() => undefined)
      .finally(() => setIssuing(false));
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        issued ? (
          <Button type="primary" onClick={onClose}>
            {t('common.ok')}
          </Button>
        ) : (
          <Button type="primary" danger icon={<KeyOutlined aria-hidden />} disabled={Boolean(blocked)} loading={issuing} onClick={run}>
            {issueLabel}
          </Button>
        )
      }
    >
      {blocked && <Alert type="warning" showIcon title={blocked} />}
      {!blocked && !issued && <Typography.Paragraph>{explain}</Typography.Paragraph>}
      {issued && (
        <>
          <Alert type="warning" showIcon title={once(issued)} style={{ marginBottom: 16 }} />
          <Descriptions
            bordered
            size="small"
            column={1}
            items={values(issued).map((v) => ({
              key: v.key,
              label: v.label,
              children: v.code ? (
                <Typography.Text code copyable>
                  {v.value}
                </Typography.Text>
              ) : (
                <Typography.Text copyable>{v.value}</Typography.Text>
              ),
            }))}
          />
        </>
      )}
    </Modal>
  );
}
