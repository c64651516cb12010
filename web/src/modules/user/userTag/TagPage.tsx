import { MemberTagKind, TAG_RULE_FIELDS, memberTagResource } from '@kayuh/contract/resources/memberTags';
import { Tag } from 'antd';
import { useT } from '../../../lib/i18n';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { FormValues } from '../../../shared/resource/formValues';
import type { FieldExtra, ResourceExtras } from '../../../shared/resource/resourceExtras';

const isRule = (values: FormValues) => String(values.kind ?? '') === String(MemberTagKind.rule);

/** A colour's name drawn in that colour. */
function ColourCell({ value }: { value: unknown }) {
  const t = useT();
  if (!value) return null;
  return <Tag color={String(value)}>{t(`tagColor.${String(value)}`)}</Tag>;
}

/**
 * user_main/user_tag: tags drawn in their colour; the form asks for the rule's conditions only for a rule tag. The
 * detail lists the tag's members (removed there from a manual tag); Add members and Evaluate now are its row events.
 */
const extras: ResourceExtras = {
  fields: {
    name: { cell: (value, row) => <Tag color={String(row.color ?? 'default')}>{String(value ?? '')}</Tag> },
    color: { cell: (value) => <ColourCell value={value} /> },
    ...Object.fromEntries(TAG_RULE_FIELDS.map((name): [string, FieldExtra] => [name, { visibleWhen: isRule }])),
  },
};

export default function TagPage() {
  return <ResourcePage resource={memberTagResource} extras={extras} />;
}
