import { SendOutlined } from '@ant-design/icons';
import { Button, Form, Input, Radio } from 'antd';
import {
  NOTICE_AUDIENCES,
  NOTICE_MESSAGE_MAX,
  NOTICE_TITLE_MAX,
  NOTICE_URL_MAX,
  staffNoticeSend,
  type StaffNoticeSend,
  type StaffNoticeSent,
} from '@kayuh/contract/api/staffNotice';
import { useT } from '../../../lib/i18n';
import { schemaRule, showServerFieldErrors } from '../../../shared/forms/schemaRule';
import { Has } from '../../../shared/permissions/Has';
import { FieldInput } from '../../../shared/resource/FieldInput';
import { useConfigStore } from '../../../stores/configStore';
import { NoticePreview } from './NoticePreview';
import { AUDIENCE_PICKERS, useSendNotice } from './staffNoticeApi';

const field = staffNoticeSend.shape;
const BIZ_CMDS = ['message', 'titleMessage'] as const;

/** The body the form's values make: only the chosen audience's field, and a title and link only for a titled notice. */
function bodyOf(v: StaffNoticeSend): StaffNoticeSend {
  const titled = v.bizCmd === 'titleMessage';
  return {
    audienceType: v.audienceType,
    bizCmd: v.bizCmd,
    message: v.message,
    ...(v.audienceType === 'users' ? { userIds: v.userIds } : {}),
    ...(v.audienceType === 'role' ? { roleId: v.roleId } : {}),
    ...(v.audienceType === 'city' ? { cityCode: v.cityCode } : {}),
    ...(titled ? { title: v.title, ...(v.url ? { url: v.url } : {}) } : {}),
  };
}

/** Who receives it, what kind of notice, its words and link; answers how many users it reached. */
export function StaffNoticeForm({ onSent }: { onSent: (sent: StaffNoticeSent) => void }) {
  const t = useT();
  const [form] = Form.useForm<StaffNoticeSend>();
  const send = useSendNotice();
  const cityCode = useConfigStore((s) => s.HCityCode);
  const values = Form.useWatch([], form) ?? {};
  const audienceType = values.audienceType ?? 'role';
  const titled = values.bizCmd === 'titleMessage';
  const required = { required: true, message: t('validation.required') };

  const submit = async (v: StaffNoticeSend) => {
    try {
      onSent(await send.mutateAsync(bodyOf(v)));
      form.resetFields(['title', 'message', 'url']);
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  const picker = (name: keyof typeof AUDIENCE_PICKERS) => (
    <Form.Item
      name={name}
      label={t(`page.staffNotice.${name}`)}
      rules={[required]}
      required
      extra={name === 'cityCode' ? t('page.staffNotice.cityHint') : undefined}
    >
      <FieldInput field={AUDIENCE_PICKERS[name]} />
    </Form.Item>
  );

  return (
    <div className="kayuh-notice-compose">
      <Form<StaffNoticeSend>
        form={form}
        layout="vertical"
        className="kayuh-notice-form"
        initialValues={{ audienceType: 'role', bizCmd: 'message', cityCode: cityCode ?? undefined }}
        onFinish={submit}
      >
        <Form.Item name="audienceType" label={t('page.staffNotice.audienceType')}>
          <Radio.Group optionType="button" options={NOTICE_AUDIENCES.map((value) => ({ value, label: t(`page.staffNotice.audience.${value}`) }))} />
        </Form.Item>
        {audienceType === 'users' && picker('userIds')}
        {audienceType === 'role' && picker('roleId')}
        {audienceType === 'city' && picker('cityCode')}
        <Form.Item name="bizCmd" label={t('page.staffNotice.bizCmd')}>
          <Radio.Group options={BIZ_CMDS.map((value) => ({ value, label: t(`page.staffNotice.bizCmd.${value}`) }))} />
        </Form.Item>
        {titled && (
          <Form.Item name="title" label={t('page.staffNotice.title')} required rules={[required, schemaRule(field.title, t)]}>
            <Input maxLength={NOTICE_TITLE_MAX} showCount />
          </Form.Item>
        )}
        <Form.Item name="message" label={t('page.staffNotice.message')} required rules={[schemaRule(field.message, t)]}>
          <Input.TextArea rows={4} maxLength={NOTICE_MESSAGE_MAX} showCount />
        </Form.Item>
        {titled && (
          <Form.Item name="url" label={t('page.staffNotice.url')} rules={[schemaRule(field.url, t)]} extra={t('page.staffNotice.urlHint')}>
            <Input maxLength={NOTICE_URL_MAX} placeholder="/configure/downloadList" />
          </Form.Item>
        )}
        <Has perm="message:staffNotice:send">
          <Button type="primary" htmlType="submit" icon={<SendOutlined aria-hidden />} loading={send.isPending}>
            {t('page.staffNotice.send')}
          </Button>
        </Has>
      </Form>
      <NoticePreview
        message={{ bizCmd: values.bizCmd ?? 'message', data: { title: values.title, message: values.message ?? '', url: values.url } }}
      />
    </div>
  );
}
