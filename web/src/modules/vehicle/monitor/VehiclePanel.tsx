import { MONITOR_COMMAND_PATH, MONITOR_COMMAND_PERMISSIONS, MONITOR_COMMANDS, type MonitorVehicle } from '@kayuh/contract/api/vehicleMonitor';
import type { VehicleCommandDone } from '@kayuh/contract/api/device';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { hasPerm } from '@kayuh/contract/rules/permissions';
import { Button, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { post } from '../../../lib/http';
import { useDisplayZone } from '../../../lib/displayZone';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { useUserPerms } from '../../../shared/permissions/useUserPerms';
import { FieldValue } from '../../../shared/resource/FieldValue';

const DONE: Record<string, string> = {
  lock: 'device.command.lock.done',
  unlock: 'device.command.unlock.done',
  ring: 'device.command.ring.done',
  batteryUnlock: 'monitor.batteryUnlock.done',
};

/** A vehicle's panel on the monitor: its last frame, and the commands the user may send, each with its outcome. */
export function VehiclePanel({ vehicle }: { vehicle: MonitorVehicle }) {
  const t = useT();
  const zone = useDisplayZone();
  const { perms } = useUserPerms();
  const [sending, setSending] = useState<string | null>(null);
  const send = async (command: (typeof MONITOR_COMMANDS)[number]) => {
    setSending(command);
    try {
      await post<VehicleCommandDone>(MONITOR_COMMAND_PATH, { vehicleId: vehicle.vehicleId, command });
      toast('success', t(DONE[command]!));
    } catch {
      // The HTTP client has said why (2009: no answer in time).
    } finally {
      setSending(null);
    }
  };
  const commands = MONITOR_COMMANDS.filter((c) => hasPerm(perms, MONITOR_COMMAND_PERMISSIONS[c]));
  return (
    <div style={{ minWidth: 260 }}>
      <Typography.Text strong>{vehicle.vehicleNo}</Typography.Text>
      <Descriptions
        size="small"
        column={1}
        style={{ margin: '8px 0' }}
        items={[
          {
            key: 'state',
            label: t('monitor.state'),
            children: <FieldValue field={{ name: 'opState', type: 'dict', dict: 'vehicles_op_state' }} value={vehicle.opState} />,
          },
          { key: 'soc', label: t('monitor.soc'), children: vehicle.soc === null ? '--' : `${vehicle.soc}%` },
          { key: 'speed', label: t('monitor.speed'), children: vehicle.speedKph === null ? '--' : `${vehicle.speedKph} km/h` },
          {
            key: 'lock',
            label: t('monitor.lock'),
            children:
              vehicle.lockState === null ? (
                '--'
              ) : (
                <FieldValue field={{ name: 'lockState', type: 'dict', dict: 'vehicle_telemetry_lock_state' }} value={vehicle.lockState} />
              ),
          },
          { key: 'online', label: t('monitor.link'), children: t(vehicle.isOnline ? 'monitor.online' : 'monitor.offline') },
          {
            key: 'at',
            label: t('monitor.lastFrame'),
            children: `${formatTimestamp(vehicle.lastReportedAt, { utcOffsetHours: zone.offsetHours })} ${zone.label}`,
          },
        ]}
      />
      {commands.length > 0 && (
        <Space wrap size={[8, 8]}>
          {commands.map((command) => (
            <Button
              key={command}
              size="small"
              loading={sending === command}
              disabled={sending !== null && sending !== command}
              onClick={() => void send(command)}
            >
              {t(command === 'batteryUnlock' ? 'monitor.batteryUnlock' : `device.command.${command}`)}
            </Button>
          ))}
        </Space>
      )}
    </div>
  );
}
