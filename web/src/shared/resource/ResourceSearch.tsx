import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Row, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { fieldLabel, type ResourceDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { filtersToForm, formToFilters, type FilterFormValues } from './filterForm';
import { FilterInput } from './FilterInput';
import { filterFields, filterParams, type Filters } from './listState';

/** Filters always on show; the rest wait behind "More filters" (the login journal's layout, 4 per row). */
const ALWAYS_SHOWN = 3;
const COLS_PER_ROW = 4;

interface ResourceSearchProps {
  resource: ResourceDef;
  filters: Filters;
  /** Filtered fields the form leaves out (the list applies them on its own). */
  hidden?: readonly string[];
  onSearch: (filters: Filters) => void;
  onReset: () => void;
}

/** The collapsible search form, built from the fields that declare a filter. */
export function ResourceSearch({ resource, filters, hidden = [], onSearch, onReset }: ResourceSearchProps) {
  const t = useT();
  const [form] = Form.useForm<FilterFormValues>();
  const hiddenKey = hidden.join(',');
  const fields = useMemo(() => filterFields(resource).filter((f) => !hiddenKey.split(',').includes(f.name)), [resource, hiddenKey]);
  const values = useMemo(() => filtersToForm(resource, filters), [resource, filters]);
  const folded = fields.slice(ALWAYS_SHOWN);
  const [expanded, setExpanded] = useState(() => folded.some((f) => filterParams(f).some((name) => filters[name])));
  // The URL is the truth: back/forward and a reset show in the form.
  useEffect(() => form.setFieldsValue(values), [values, form]);
  if (fields.length === 0) return null;

  const shown = expanded ? fields.length : Math.min(fields.length, ALWAYS_SHOWN);
  const buttonsSpan = 24 - ((shown % COLS_PER_ROW) * 24) / COLS_PER_ROW;
  return (
    <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { padding: '16px 16px 0' } }}>
      <Form<FilterFormValues>
        form={form}
        // The name prefixes the controls' ids: the search form and the drawer's form share field names.
        name={`${resource.key}-search`}
        layout="vertical"
        role="search"
        initialValues={values}
        onFinish={(next) => onSearch(formToFilters(resource, next))}
      >
        <Row gutter={16}>
          {fields.map((field, index) => (
            <Col key={field.name} xs={24} sm={12} lg={24 / COLS_PER_ROW} style={index < shown ? undefined : { display: 'none' }}>
              <Form.Item label={t(fieldLabel(resource, field))} name={field.name}>
                <FilterInput field={field} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} lg={buttonsSpan} style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-end', paddingBottom: 24 }}>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
                {t('common.search')}
              </Button>
              <Button
                onClick={() => {
                  form.setFieldsValue(filtersToForm(resource, {}));
                  onReset();
                }}
              >
                {t('common.reset')}
              </Button>
              {folded.length > 0 && (
                <Button type="link" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
                  {t(expanded ? 'common.collapse' : 'common.expand')} {expanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
                </Button>
              )}
            </Space>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
