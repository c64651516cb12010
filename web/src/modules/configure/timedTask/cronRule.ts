import type { RuleObject } from 'antd/es/form';
import { post } from '../../../lib/http';
import type { TFunction } from '../../../lib/i18n';

/** How long typing must pause before the expression is sent to the server. */
export const CRON_CHECK_DEBOUNCE_MS = 400;
const CHECK_PATH = '/monitor/job/checkCronExpressionIsValid';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks a Quartz cron expression with the server's own rule (POST checkCronExpressionIsValid → true | false)
 * as the user types: one call once typing pauses, each answer remembered. antd keeps only the latest
 * validation's outcome, so an earlier, overtaken check just steps aside. Made once per form.
 */
export function cronRule(t: TFunction): RuleObject {
  const answers = new Map<string, boolean>();
  let latest = 0;
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return;
      const ticket = ++latest;
      if (!answers.has(text)) {
        await pause(CRON_CHECK_DEBOUNCE_MS);
        if (ticket !== latest) return;
        // Unreachable or refused: say nothing here; the save is checked by the server anyway.
        const valid = await post<boolean>(CHECK_PATH, { cronExpression: text }, { silent: true }).catch(() => true);
        answers.set(text, valid !== false);
      }
      if (answers.get(text) === false) throw new Error(t('validation.cron'));
    },
  };
}
