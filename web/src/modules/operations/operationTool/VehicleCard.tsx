import { FIELD_COMMAND_ACTIONS, FIELD_COMMANDS, type FieldAction, type FieldCommand, type FieldVehicle } from '@kayuh/contract/api/fieldTool';
import { formatTimestamp } from '@kayuh/contract/rules/format';
import { Alert, Button, Descriptions } from 'antd';
import { useState } from 'react';
import { useDisplayZone } from '../../../lib/displayZone';
import { useT } from '../../../lib/i18n';
import { sendCommand } from './fieldApi';

const LABEL: Record<FieldCommand, string> = {
  lock: 'device.command.lock',
  unlock: 'device.command.unlock',
  ring: 'device.command.ring',
  batteryUnlock: 'monitor.batteryUnlock',
};
const DONE: Record<FieldCommand, string> = {
  lock: 'device.command.lock.done',
  unlock: 'device.command.unlock.done',
  ring: 'device.command.ring.done',
  batteryUnlock: 'monitor.batteryUnlock.done',
};

/** A scanned vehicle: its live status, and the commands the technician may send, each with its outcome. */
export function VehicleCard({ vehicle, may }: { vehicle: FieldVehicle; may: readonly FieldAction[] }) {
  const t = useT();
  const zone = useDisplayZone();
  const [sending, setSending] = useState<FieldCommand | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async (command: FieldCommand) => {
    setSending(command);
    setOutcome(null);
    try {
      await sendCommand(vehicle.vehicleId, command);
      setOutcome({ ok: true, text: t(DONE[command]) });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(null);
    }
  };
  const commands = FIELD_COMMANDS.filter((c) => may.includes(FIELD_COMMAND_ACTIONS[c]));
  return (
    <section className="field-vehicle" aria-label={vehicle.vehicleNo}>
      <h2 className="field-title">{vehicle.vehicleNo}</h2>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'state', label: t('monitor.state'), children: t(`dict.vehicles_op_state.${vehicle.opState}`) },
          { key: 'soc', label: t('monitor.soc'), children: vehicle.soc === null ? '--' : `${vehicle.soc}%` },
          { key: 'link', label: t('monitor.link'), children: t(vehicle.isOnline ? 'monitor.online' : 'monitor.offline') },
          {
            key: 'lock',
            label: t('monitor.lock'),
            children: vehicle.lockState === null ? '--' : t(`dict.vehicle_telemetry_lock_state.${vehicle.lockState}`),
          },
          {
            key: 'at',
            label: t('monitor.lastFrame'),
            span: 2,
            children: vehicle.lastReportedAt ? formatTimestamp(vehicle.lastReportedAt, { utcOffsetHours: zone.offsetHours }) : '--',
          },
        ]}
      />
      {commands.length > 0 && (
        <div className="field-commands">
          {commands.map((command) => (
            <Button
              key={command}
              size="large"
              loading={sending === command}
              disabled={sending !== null && sending !== command}
              onClick={() => void send(command)}
            >
              {t(LABEL[command])}
            </Button>
          ))}
        </div>
      )}
      {outcome && <Alert type={outcome.ok ? 'success' : 'error'} showIcon title={outcome.text} role="status" />}
    </section>
  );
}
