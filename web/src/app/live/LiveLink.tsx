import { useQueryClient } from '@tanstack/react-query';
import { notification } from 'antd';
import { useEffect } from 'react';
import type { LiveMessage } from '@kayuh/contract/api/live';
import { SESSION_END_CODES } from '@kayuh/contract/codes';
import { NOTICE_DISPLAY_MS } from '@kayuh/contract/constants';
import { tr } from '../../lib/i18n';
import { useUserStore } from '../../stores/userStore';
import { createAlertSound } from './alertSound';
import { openLiveConnection } from './liveConnection';
import { parseLiveMessage } from './liveMessages';
import { useLiveStore } from './liveStore';
import { NoticeDescription } from '../../shared/notices/NoticeContent';
import { countPushed, markNoticesRead, rereadNotices } from './staffNoticeApi';
import './live.css';
import { publishPushedMessage } from '../../lib/pushedMessages';

/** Spec §8: each notice replaces the one on screen. */
export const NOTICE_KEY = 'kayuh-live-notice';
/** One notice at a time, bottom-right (spec §8); a constant, so the notice API keeps its identity across renders. */
const NOTICES = { stack: false, placement: 'bottomRight', maxCount: 1 } as const;

/**
 * The tab's live link while someone is signed in (DESIGN §2: the shell holds it): pushed messages become the
 * bottom-right notice with the alert sound and count in the bell at once; each (re)connect reads the stored
 * notifications again, so nothing pushed while the tab was closed or reconnecting is lost. Renders the notices.
 */
export function LiveLink() {
  const client = useQueryClient();
  const [api, holder] = notification.useNotification(NOTICES);
  const userId = useUserStore((s) => s.userInfo?.userId);
  const token = useUserStore((s) => s.userInfo?.token);

  useEffect(() => {
    if (!token || userId === undefined) return;
    const playAlert = createAlertSound();
    const show = (message: LiveMessage) => {
      const id = message.data.notificationId;
      const opened = () => {
        api.destroy(NOTICE_KEY);
        if (id)
          void markNoticesRead([id]).then(
            () => rereadNotices(client),
            () => undefined,
          );
      };
      api.open({
        key: NOTICE_KEY,
        type: 'info',
        duration: NOTICE_DISPLAY_MS / 1000,
        title: (message.bizCmd === 'titleMessage' && message.data.title) || tr('shell.notice.title'),
        description: <NoticeDescription message={message} onOpen={opened} />,
      });
    };
    const connection = openLiveConnection({
      userId,
      token,
      onStatus: (status) => useLiveStore.setState({ status }),
      onConnected: () => void rereadNotices(client),
      // The broker ended the session: the HTTP client's answer to the same session says so and signs out (spec §8).
      onRefused: (code) => {
        if (SESSION_END_CODES.includes(code)) void rereadNotices(client);
      },
      onMessage: (body) => {
        const message = parseLiveMessage(body);
        if (!message) return;
        publishPushedMessage(message);
        show(message);
        playAlert();
        countPushed(client);
      },
    });
    return () => void connection.close();
  }, [token, userId, api, client]);

  return holder;
}
