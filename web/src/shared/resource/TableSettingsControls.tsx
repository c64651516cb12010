import { ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Popover, Space } from 'antd';
import { fieldLabel, type ResourceDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import { DENSITIES, type Density, type TableSettings } from './tableSettings';

/** The toolbar's right side: which columns show, and how dense the rows are; both kept per user. */
export function TableSettingsControls({ resource, settings }: { resource: ResourceDef; settings: TableSettings }) {
  const t = useT();
  const columnList = (
    <Space orientation="vertical" size={4} style={{ minWidth: 180 }}>
      {settings.columns.map(({ field, visible }) => (
        <Checkbox key={field.name} checked={visible} onChange={(e) => settings.setVisible(field.name, e.target.checked)}>
          {t(fieldLabel(resource, field))}
        </Checkbox>
      ))}
      <Button type="link" size="small" style={{ padding: 0 }} onClick={settings.resetColumns}>
        {t('engine.resetColumns')}
      </Button>
    </Space>
  );
  return (
    <Space size={4}>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [settings.density],
          items: DENSITIES.map((density) => ({ key: density, label: t(`engine.density.${density}`) })),
          onClick: ({ key }) => settings.setDensity(key as Density),
        }}
      >
        <Button icon={<ColumnHeightOutlined aria-hidden />}>{t('engine.density')}</Button>
      </Dropdown>
      <Popover trigger="click" placement="bottomRight" title={t('engine.columns')} content={columnList}>
        <Button icon={<SettingOutlined aria-hidden />}>{t('engine.columns')}</Button>
      </Popover>
    </Space>
  );
}
