import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Select, Upload, type FormInstance, type UploadFile } from 'antd';
import { I18N_IMPORT_MAX_BYTES, I18N_IMPORT_MAX_ROWS } from '@kayuh/contract/api/i18nTransfer';
import type { Lang } from '@kayuh/contract/lang';
import { formatThousands } from '@kayuh/contract/rules/format';
import { useT } from '../../../lib/i18n';
import { useConfigStore } from '../../../stores/configStore';
import { useWritesPlatform } from './i18nTransferApi';
import { langOptions } from './langOptions';

const MAX_MB = I18N_IMPORT_MAX_BYTES / 1024 / 1024;
const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ImportLangValues {
  lang: Lang;
  file: UploadFile[];
}

/** What an import needs: the file's rules and where its texts land, the language, and one .xlsx (checked before sending). */
export function ImportLangForm({ form, onFinish }: { form: FormInstance<ImportLangValues>; onFinish: (values: ImportLangValues) => void }) {
  const t = useT();
  const shown = useConfigStore((s) => s.lang);
  const platform = useWritesPlatform();
  const fileRule = {
    validator: async (_: unknown, files: UploadFile[] | undefined) => {
      const file = files?.[0];
      if (!file) throw new Error(t('validation.required'));
      if (!file.name.toLowerCase().endsWith('.xlsx') || (file.size ?? 0) > I18N_IMPORT_MAX_BYTES)
        throw new Error(t('page.i18nAdmin.fileType', { maxMb: MAX_MB }));
    },
  };
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          <>
            <div>{t('page.i18nAdmin.importHelp', { maxMb: MAX_MB, maxRows: formatThousands(I18N_IMPORT_MAX_ROWS) })}</div>
            <div>{t(platform ? 'page.i18nAdmin.importForPlatform' : 'page.i18nAdmin.importForTenant')}</div>
          </>
        }
      />
      <Form form={form} name="i18n-import-lang" layout="vertical" initialValues={{ lang: shown, file: [] }} onFinish={onFinish}>
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
    </>
  );
}
