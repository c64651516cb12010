import { Button, Form, Input, Select, Space } from 'antd';
import { profileUpdate, type Profile, type ProfileUpdate } from '@kayuh/contract/api/auth';
import { LANGS } from '@kayuh/contract/lang';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { switchLanguage } from '../../../lib/language';
import { schemaRule, showServerFieldErrors } from '../../../shared/forms/schemaRule';
import { LANG_NAMES } from '../../../shared/LanguageSwitch';
import { useConfigStore } from '../../../stores/configStore';
import { useUpdateProfile } from './profileApi';

const SEXES = ['0', '1', '2'] as const;
const field = profileUpdate.shape;

export function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const t = useT();
  const [form] = Form.useForm<ProfileUpdate>();
  const update = useUpdateProfile();
  const submit = async (values: ProfileUpdate) => {
    try {
      const saved = await update.mutateAsync(values);
      toast('success', t('page.profile.saved'));
      // The preferred language is the console's language too.
      if (saved.lang !== useConfigStore.getState().lang) await switchLanguage(saved.lang);
      onDone();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  return (
    <Form<ProfileUpdate>
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      initialValues={{
        nickName: profile.nickName,
        email: profile.email ?? '',
        phone: profile.phone ?? '',
        sex: profile.sex ?? '2',
        lang: profile.lang,
      }}
      onFinish={submit}
    >
      <Form.Item label={t('page.profile.nickName')} name="nickName" required rules={[schemaRule(field.nickName, t)]}>
        <Input maxLength={30} autoComplete="nickname" />
      </Form.Item>
      <Form.Item label={t('page.profile.email')} name="email" rules={[schemaRule(field.email, t)]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label={t('page.profile.phone')} name="phone" rules={[schemaRule(field.phone, t)]} extra={t('page.profile.phoneHint')}>
        <Input type="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item label={t('page.profile.sex')} name="sex">
        <Select options={SEXES.map((value) => ({ value, label: t(`dict.sys_user_sex.${value}`) }))} />
      </Form.Item>
      <Form.Item label={t('page.profile.lang')} name="lang">
        <Select options={LANGS.map((value) => ({ value, label: LANG_NAMES[value] }))} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}
