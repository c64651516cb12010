import { CameraOutlined } from '@ant-design/icons';
import type { FieldAction, FieldTicket, FieldVehicle } from '@kayuh/contract/api/fieldTool';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { scanVehicle } from './fieldApi';
import { QrCamera } from './QrCamera';
import { TicketCard } from './TicketCard';
import { VehicleCard } from './VehicleCard';

interface ScanViewProps {
  may: readonly FieldAction[];
  queuedTickets: ReadonlySet<number>;
  onOpenTicket: (ticket: FieldTicket, scannedNo: string) => void;
}

/** Scan a vehicle's QR (or type its number): its live status, its commands, and the open tickets on it. */
export function ScanView({ may, queuedTickets, onOpenTicket }: ScanViewProps) {
  const t = useT();
  const [camera, setCamera] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [vehicle, setVehicle] = useState<FieldVehicle | null>(null);
  const [error, setError] = useState<string | null>(null);

  const look = async (text: string) => {
    if (!text.trim()) return;
    setCamera(false);
    setBusy(true);
    setError(null);
    try {
      setVehicle(await scanVehicle(text.trim()));
    } catch (failure) {
      setVehicle(null);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="field-scan">
      {camera ? (
        <QrCamera
          onCode={(text) => {
            setCode(text);
            void look(text);
          }}
          onClose={() => setCamera(false)}
        />
      ) : (
        <Button type="primary" size="large" block icon={<CameraOutlined />} onClick={() => setCamera(true)}>
          {t('fieldTool.scan.camera')}
        </Button>
      )}
      <form
        className="field-typed"
        onSubmit={(e) => {
          e.preventDefault();
          void look(code);
        }}
      >
        <Input
          size="large"
          maxLength={300}
          value={code}
          aria-label={t('fieldTool.scan.typed')}
          placeholder={t('fieldTool.scan.typed')}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button size="large" htmlType="submit" loading={busy}>
          {t('fieldTool.scan.find')}
        </Button>
      </form>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      {vehicle && (
        <>
          <VehicleCard vehicle={vehicle} may={may} />
          <h3>{t('fieldTool.scan.openTickets')}</h3>
          {vehicle.tickets.length === 0 && <p className="field-empty">{t('fieldTool.scan.noTickets')}</p>}
          {vehicle.tickets.map((ticket) => (
            <TicketCard
              key={ticket.ticketId}
              ticket={ticket}
              queued={queuedTickets.has(ticket.ticketId)}
              onOpen={() => onOpenTicket(ticket, vehicle.vehicleNo)}
            />
          ))}
        </>
      )}
    </section>
  );
}
