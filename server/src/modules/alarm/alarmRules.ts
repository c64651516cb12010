import { alarmRuleResource, DEFAULT_ALARM_RULES } from '@kayuh/contract/resources/alarmRule';
import { alarmRules } from '../../db/schema.ts';
import { invalid } from '../../platform/errors.ts';
import { bindResource } from '../../platform/resources/binding.ts';

/** Each code is about one kind of target (a vehicle's, a battery's, a cabinet's): a rule names that one. */
const TARGET_OF_CODE = new Map(DEFAULT_ALARM_RULES.map((r) => [r.alarmCode, r.targetType]));

export const alarmRuleBinding = bindResource(alarmRuleResource, alarmRules, {
  check({ values, next }) {
    if (values.alarmCode === undefined && values.targetType === undefined) return;
    const target = TARGET_OF_CODE.get(String(next.alarmCode));
    if (target !== undefined && target !== Number(next.targetType)) throw invalid({ targetType: 'validation.alarmTargetOfCode' });
  },
});
