import { telemetryFrameResource } from '@kayuh/contract/resources/telemetry';
import { Alert, Card } from 'antd';
import { useT } from '../../../lib/i18n';
import { PageHeader } from '../../../shared/PageHeader';
import { filterBody, stateFromParams } from '../../../shared/resource/listState';
import { ResourceList } from '../../../shared/resource/ResourceList';
import { useTabSearchParams } from '../../../shared/tabs/tabLocation';
import { TrackPanel } from './TrackPanel';

const DAY_MS = 86_400_000;

/** The searched range as instants: the list's own days, else the last 24 hours up to now. */
function rangeOf(body: Record<string, string>): { from: string; to: string } {
  const to = body.reportedAtTo ?? new Date().toISOString();
  const from = body.reportedAtFrom ?? new Date(Date.parse(to) - DAY_MS).toISOString();
  return { from, to };
}

/**
 * alarm_main/monitoring_data (DOMAIN §1.11): the frames vehicles reported. The list's own search (vehicle, days)
 * drives both: a vehicle searched for is drawn — SOC, speed and signal over the range, and its track — above its frames.
 */
export default function MonitoringDataPage() {
  const t = useT();
  const [params] = useTabSearchParams();
  const body = filterBody(telemetryFrameResource, stateFromParams(telemetryFrameResource, params).filters);
  const vehicleId = Number(body.vehicleId) || null;
  return (
    <>
      <PageHeader title={t('menu.alarm.monitoring_data')} />
      <ResourceList resource={telemetryFrameResource}>
        <Card size="small" style={{ marginBottom: 16 }}>
          {vehicleId ? <TrackPanel vehicleId={vehicleId} {...rangeOf(body)} /> : <Alert type="info" showIcon title={t('monitoring.pickVehicle')} />}
        </Card>
      </ResourceList>
    </>
  );
}
