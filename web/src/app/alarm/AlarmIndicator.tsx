import { AlertOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ALARM_LIST_PERM, ALARM_LIST_ROUTE } from '@kayuh/contract/api/alarm';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { useT } from '../../lib/i18n';
import { onPushedMessage } from '../../lib/pushedMessages';
import { useUserPerms } from '../../shared/permissions/useUserPerms';
import { useConfigStore } from '../../stores/configStore';
import { useOpenAlarmCount } from './alarmCountApi';
import './alarmIndicator.css';

/**
 * The header's alarm indicator (spec §4): lit while open alarms exist, read again when the module changes, and lit
 * by every pushed message unless the alarm list is on screen. It opens the alarm list, so only those who may open
 * it see it.
 */
export function AlarmIndicator() {
  const { perms, loaded } = useUserPerms();
  if (!loaded || !hasPerm(perms, ALARM_LIST_PERM)) return null;
  return <Indicator />;
}

function Indicator() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const moduleKey = useConfigStore((s) => s.menuLeft);
  const tenantId = useConfigStore((s) => s.tenantId);
  const count = useOpenAlarmCount({ enabled: true, moduleKey, tenantId });
  const [pushed, setPushed] = useState(false);

  // A fresh count is the truth again: a push seen before it is accounted for.
  useEffect(() => setPushed(false), [count.dataUpdatedAt]);
  const onAlarmList = pathname === ALARM_LIST_ROUTE;
  useEffect(() => (onAlarmList ? undefined : onPushedMessage(() => setPushed(true))), [onAlarmList]);

  const on = pushed || (count.data ?? 0) > 0;
  const label = t(on ? 'alarm.indicator.on' : 'alarm.indicator.off');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        data-alarm={on ? 'on' : 'off'}
        className={on ? 'kayuh-alarm-on' : undefined}
        icon={
          <Badge dot={on} offset={[-2, 2]}>
            <AlertOutlined aria-hidden style={{ fontSize: 16 }} />
          </Badge>
        }
        onClick={() => navigate(ALARM_LIST_ROUTE)}
      />
    </Tooltip>
  );
}
