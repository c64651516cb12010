import { levelPointRuleResource } from '@kayuh/contract/resources/loyalty';
import { useT } from '../../../lib/i18n';
import { FieldValue } from '../../../shared/resource/FieldValue';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import type { ResourceRow } from '../../../shared/resource/resourceApi';

const levelField = levelPointRuleResource.fields.find((f) => f.name === 'levelId')!;

/** A rule's level, or "every level" for the rule without one. */
function LevelCell({ value, row }: { value: unknown; row: ResourceRow }) {
  const t = useT();
  if (value === null || value === undefined || value === '') return <>{t('levelPointRule.everyLevel')}</>;
  return <FieldValue field={levelField} value={value} label={row.levelIdLabel} inList />;
}

/** user_main/member_level_integral: the earning rules; a rule for no level reads "every level". */
const extras: ResourceExtras = { fields: { levelId: { cell: (value, row) => <LevelCell value={value} row={row} /> } } };

export default function PointRulePage() {
  return <ResourcePage resource={levelPointRuleResource} extras={extras} />;
}
