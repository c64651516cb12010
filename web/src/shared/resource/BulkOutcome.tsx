import { Alert, List, Modal } from 'antd';
import type { BulkEventAnswer } from '@kayuh/contract/api/bulkEvents';
import { Code } from '@kayuh/contract/codes';
import type { ResourceDef, TransitionDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { rowName } from './FieldValue';
import { rowIdOf, type ResourceRow } from './resourceApi';

interface BulkOutcomeProps {
  resource: ResourceDef;
  def: TransitionDef;
  answer: BulkEventAnswer;
  /** The rows sent, to name the refused ones. */
  rows: readonly ResourceRow[];
  onClose: () => void;
}

/** What a bulk event did: how many rows it changed, and each refused row with the server's reason. */
export function BulkOutcome({ resource, def, answer, rows, onClose }: BulkOutcomeProps) {
  const t = useT();
  const action = t(`transition.${def.name}`);
  const refused = answer.results.filter((result) => result.code !== Code.ok);
  const nameOf = (id: number) => {
    const row = rows.find((x) => rowIdOf(resource, x) === id);
    return (row && rowName(resource, row, t)) || `#${id}`;
  };
  return (
    <Modal
      open
      title={t('engine.bulk.resultTitle', { action })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Alert
        showIcon
        type={refused.length === 0 ? 'success' : answer.done === 0 ? 'error' : 'warning'}
        title={t('engine.bulk.summary', { done: answer.done, refused: answer.refused })}
        style={{ marginBottom: refused.length ? 16 : 0 }}
      />
      {refused.length > 0 && (
        <List
          size="small"
          bordered
          header={t('engine.bulk.refusedRows')}
          dataSource={refused}
          renderItem={(result) => (
            <List.Item key={result.id}>
              <List.Item.Meta title={nameOf(result.id)} description={result.msg} />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
