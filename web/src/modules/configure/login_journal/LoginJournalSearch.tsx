import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { LoginJournalFilters } from './loginJournalApi';

type FormValues = Omit<LoginJournalFilters, 'beginTime' | 'endTime'> & { range?: [Dayjs, Dayjs] | null };

const toForm = (filters: LoginJournalFilters): FormValues => ({
  userName: filters.userName,
  ipaddr: filters.ipaddr,
  status: filters.status,
  range: filters.beginTime && filters.endTime ? [dayjs(filters.beginTime), dayjs(filters.endTime)] : null,
});

const fromForm = ({ range, ...rest }: FormValues): LoginJournalFilters => ({
  ...rest,
  beginTime: range?.[0]?.format('YYYY-MM-DD'),
  endTime: range?.[1]?.format('YYYY-MM-DD'),
});

interface Props {
  filters: LoginJournalFilters;
  onSearch: (filters: LoginJournalFilters) => void;
  onReset: () => void;
}

/** The collapsible search form: the two most used filters always, the rest on demand. */
export function LoginJournalSearch({ filters, onSearch, onReset }: Props) {
  const t = useT();
  const [form] = Form.useForm<FormValues>();
  const [expanded, setExpanded] = useState(Boolean(filters.status || filters.beginTime));
  // The URL is the truth: back/forward and a reset show in the form.
  useEffect(() => form.setFieldsValue(toForm(filters)), [filters, form]);
  const more = { display: expanded ? undefined : 'none' };
  return (
    <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { padding: '16px 16px 0' } }}>
      <Form<FormValues> form={form} layout="vertical" initialValues={toForm(filters)} onFinish={(values) => onSearch(fromForm(values))}>
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item label={t('page.loginJournal.userName')} name="userName"><Input allowClear /></Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item label={t('page.loginJournal.ipaddr')} name="ipaddr"><Input allowClear /></Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6} style={more}>
            <Form.Item label={t('page.loginJournal.status')} name="status">
              <Select allowClear placeholder={t('common.all')} options={[
                { value: '0', label: t('dict.login_logs_status.0') },
                { value: '1', label: t('dict.login_logs_status.1') },
              ]} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6} style={more}>
            <Form.Item label={t('page.loginJournal.loginTime')} name="range">
              <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[false, false]} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={expanded ? 24 : 12} style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-end', paddingBottom: 24 }}>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>{t('common.search')}</Button>
              <Button onClick={() => { form.resetFields(); onReset(); }}>{t('common.reset')}</Button>
              <Button type="link" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
                {t(expanded ? 'common.collapse' : 'common.expand')} {expanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
              </Button>
            </Space>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
