import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { I18N_IMPORT_MAX_BYTES, I18N_IMPORT_MAX_ROWS, type ImportCounts } from '@kayuh/contract/api/i18nTransfer';
import type { Lang } from '@kayuh/contract/lang';
import { ApiError } from '../../../lib/http';
import { useT } from '../../../lib/i18n';
import { useConfigStore } from '../../../stores/configStore';
import { useImportLang, useWritesPlatform } from './i18nTransferApi';
import { ImportOutcome } from './ImportOutcome';
import { langOptions } from './langOptions';

const MAX_MB = I18N_IMPORT_MAX_BYTES / 1024 / 1024;
const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ImportForm {
  lang: Lang;
  file: UploadFile[];
}

/** Import a language: which one and its xlsx; then what changed, or why nothing did (the rows at fault). */
export function ImportLangModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const shown = useConfigStore((s) => s.lang);
  const platform = useWritesPlatform();
  const [form] = Form.useForm<ImportForm>();
  const importLang = useImportLang();
  const [outcome, setOutcome] = useState<{ counts: ImportCounts } | { error: ApiError } | null>(null);

  const submit = ({ lang, file }: ImportForm) => {
    setOutcome(null);
    importLang.mutate({ lang, file: file[0]!.originFileObj as File }, {
      onSuccess: (counts) => {
        setOutcome({ counts });
        form.setFieldValue('file', []);
      },
      onError: (error) => setOutcome({ error: error instanceof ApiError ? error : new ApiError(0, String(error)) }),
    });
  };
  const fileRule = {
    validator: async (_: unknown, files: UploadFile[] | undefined) => {
      const file = files?.[0];
      if (!file) throw new Error(t('validation.required'));
      if (!file.name.toLowerCase().endsWith('.xlsx') || (file.size ?? 0) > I18N_IMPORT_MAX_BYTES) throw new Error(t('page.i18nAdmin.fileType', { maxMb: MAX_MB }));
    },
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
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('page.i18nAdmin.importHelp', { maxMb: MAX_MB, maxRows: I18N_IMPORT_MAX_ROWS })}
        description={t(platform ? 'page.i18nAdmin.importForPlatform' : 'page.i18nAdmin.importForTenant')}
      />
      <Form form={form} name="i18n-import-lang" layout="vertical" initialValues={{ lang: shown, file: [] }} onFinish={submit}>
        <Form.Item label={t('field.i18nAdmin.lang')} name="lang" rules={[{ required: true, message: t('validation.required') }]}>
          <Select options={langOptions(t)} />
        </Form.Item>
        <Form.Item
          label={t('page.i18nAdmin.importFile')}
          name="file"
          required
          rules={[fileRule]}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        >
          <Upload accept={XLSX_ACCEPT} maxCount={1} beforeUpload={() => false}>
            <Button icon={<UploadOutlined aria-hidden />}>{t('page.i18nAdmin.pickFile')}</Button>
          </Upload>
        </Form.Item>
      </Form>
      {outcome && <ImportOutcome outcome={outcome} />}
    </Modal>
  );
}
