import { Badge, Divider, Row, Tabs } from 'antd';
import type { ReactNode } from 'react';
import type { FieldDef, ResourceDef } from '@kayuh/contract/resources/types';
import { useT } from '../../lib/i18n';
import type { FormGroup } from './formGroups';

interface FormGroupsProps {
  resource: ResourceDef;
  groups: readonly FormGroup[];
  /** Fields that show an error now: a tab holding one says how many. */
  errors: ReadonlySet<string>;
  /** The open tab's key. */
  active: string;
  onActive: (key: string) => void;
  renderField: (field: FieldDef) => ReactNode;
}

/**
 * A form's fields on the 24-column grid: as one grid, under titled sections, or in tabs (ResourceDef.form). Every
 * tab is rendered, hidden ones too, so the form checks and sends their fields; a tab with errors shows their count.
 */
export function FormGroups({ resource, groups, errors, active, onActive, renderField }: FormGroupsProps) {
  const t = useT();
  const grid = (group: FormGroup) => <Row gutter={16}>{group.fields.map(renderField)}</Row>;
  if (!resource.form) return groups[0] ? grid(groups[0]) : null;
  if (resource.form.layout === 'sections') {
    return (
      <>
        {groups.map((group, index) => (
          // A heading, not a labelled region: a section's title must not read as a label of the fields in it.
          <section key={group.key}>
            <Divider
              titlePlacement="start"
              style={index === 0 ? { marginTop: 0 } : undefined}
              styles={{ content: { marginInline: '0 16px', fontWeight: 600 } }}
            >
              <h3 style={{ font: 'inherit', margin: 0 }}>{t(group.title)}</h3>
            </Divider>
            {grid(group)}
          </section>
        ))}
      </>
    );
  }
  return (
    <Tabs
      activeKey={active}
      onChange={onActive}
      items={groups.map((group) => {
        const count = group.fields.filter((f) => errors.has(f.name)).length;
        return {
          key: group.key,
          forceRender: true,
          label: (
            <span style={count ? { color: 'var(--ant-color-error)' } : undefined}>
              {t(group.title)}
              {count > 0 && (
                <Badge count={count} size="small" style={{ marginInlineStart: 6 }} aria-label={t('engine.form.groupErrors', { count })} />
              )}
            </span>
          ),
          children: grid(group),
        };
      })}
    />
  );
}
