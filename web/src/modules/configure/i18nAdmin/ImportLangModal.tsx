import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import type { ImportCounts } from '@kayuh/contract/api/i18nTransfer';
import { ApiError } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { useImportLang } from './i18nTransferApi';
import { ImportLangForm, type ImportLangValues } from './ImportLangForm';
import { ImportOutcome } from './ImportOutcome';

/** Import a language: which one and its xlsx; then what changed, or why nothing did (the rows at fault). */
export function ImportLangModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<ImportLangValues>();
  const importLang = useImportLang();
  const [outcome, setOutcome] = useState<{ counts: ImportCounts } | { error: ApiError } | null>(null);
  const done = outcome !== null && 'counts' in outcome;

  const submit = ({ lang, file }: ImportLangValues) => {
    setOutcome(null);
    importLang.mutate(
      { lang, file: file[0]!.originFileObj as File },
      {
        onSuccess: (counts) => setOutcome({ counts }),
        onError: (error) => setOutcome({ error: error instanceof ApiError ? error : new ApiError(0, String(error)) }),
      },
    );
  };

  return (
    <Modal
      open
      title={t('page.i18nAdmin.importTitle')}
      okText={t('action.import')}
      cancelText={t('common.cancel')}
      confirmLoading={importLang.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      // Once imported, the dialog only reports: one button closes it.
      footer={
        done ? (
          <Button type="primary" onClick={onClose}>
            {t('common.ok')}
          </Button>
        ) : undefined
      }
      destroyOnHidden
    >
      {!done && <ImportLangForm form={form} onFinish={submit} />}
      {outcome && <ImportOutcome outcome={outcome} />}
    </Modal>
  );
}
