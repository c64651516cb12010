import dayjs from 'dayjs';
import 'dayjs/locale/id';
import 'dayjs/locale/zh-cn';
import type { Lang } from '@kayuh/contract/lang';
import { useConfigStore } from '../stores/configStore';

const DAYJS_LOCALE: Record<Lang, string> = { ID: 'id', EN: 'en', ZH: 'zh-cn' };

/**
 * dayjs (date pickers, relative times) follows the console language. Imported by the signed-in shell
 * only: the login route shows no dates, so it does not carry dayjs.
 */
dayjs.locale(DAYJS_LOCALE[useConfigStore.getState().lang]);
useConfigStore.subscribe((state, prev) => {
  if (state.lang !== prev.lang) dayjs.locale(DAYJS_LOCALE[state.lang]);
});
