import { useMutation } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import type { ExportLangRequest } from '@kayuh/contract/api/i18nTransfer';
import type { Lang } from '@kayuh/contract/lang';
import { useT } from '../../../lib/i18n';
import { useClearable } from '../../../lib/antdText';
import { useConfigStore } from '../../../stores/configStore';
import { exportLang } from './i18nTransferApi';
import { langOptions } from './langOptions';

/** Export a language: which one, and optionally a second one beside it as the translator's reference. */
export function ExportLangModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const clearable = useClearable();
  const shown = useConfigStore((s) => s.lang);
  const [form] = Form.useForm<ExportLangRequest>();
  const lang = Form.useWatch('lang', form) as Lang | undefined;
  // Failures are toasted by the download; the dialog stays open to try again.
  const download = useMutation({ mutationFn: exportLang, onSuccess: onClose });
  const initial: ExportLangRequest = { lang: shown, refLang: shown === 'EN' ? 'ID' : 'EN' };
  return (
    <Modal
      open
      title={t('page.i18nAdmin.exportTitle')}
      okText={t('page.i18nAdmin.download')}
      cancelText={t('common.cancel')}
      confirmLoading={download.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name="i18n-export-lang"
        layout="vertical"
        initialValues={initial}
        onValuesChange={(changed: Partial<ExportLangRequest>) => {
          if (changed.lang && changed.lang === form.getFieldValue('refLang')) form.setFieldValue('refLang', undefined);
        }}
        onFinish={(values) => download.mutate({ lang: values.lang, ...(values.refLang ? { refLang: values.refLang } : {}) })}
      >
        <Form.Item label={t('field.i18nAdmin.lang')} name="lang" rules={[{ required: true, message: t('validation.required') }]}>
          <Select options={langOptions(t)} />
        </Form.Item>
        <Form.Item label={t('page.i18nAdmin.refLang')} name="refLang" extra={t('page.i18nAdmin.refLangHelp')}>
          <Select allowClear={clearable()} options={langOptions(t, lang)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
