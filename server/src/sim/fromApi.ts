import { ALL_CITIES_CODE } from '@kayuh/contract/constants';
import { PAGE_SIZE_MAX } from '@kayuh/contract/constants';
import { Header } from '@kayuh/contract/headers';
import type { Profile } from '@kayuh/contract/api/auth';
import type { DeviceKeyIssued } from '@kayuh/contract/api/device';
import { MONITOR_PATH, type MonitorAnswer } from '@kayuh/contract/api/vehicleMonitor';
import type { FleetVehicle } from './simVehicle.ts';

/** Keys issued at once: each is an UPDATE and a hash on the server, which serves staff meanwhile. */
const ISSUING_AT_ONCE = 8;

type Answer<T> = { code: number; msg?: string; data: T; rows?: T; total?: number };

/** A console's API as a signed-in staff member calls it (the session's token and user id on every call). */
class ConsoleApi {
  private headers: Record<string, string> = {};

  constructor(private readonly url: string) {}

  async signIn(username: string, password: string): Promise<void> {
    const res = await this.call<{ token: string; userId: number }>('POST', '/system/sso/login', { username, password });
    this.headers = { [Header.token]: res.data.token, [Header.userId]: String(res.data.userId) };
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
    const res = await fetch(`${this.url}/api${path}`, {
      method,
      headers: { ...this.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as Answer<T>;
    if (answer.code !== 1000) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg ?? ''}`.trim());
    return answer;
  }
}

type VehicleRow = { vehicleId: number; vehicleNo: string; cityCode: number; imei: string | null; opState: number | string };

/** What one staff member's session gives the simulator: their operator's vehicles with new keys, and its payer. */
export interface OperatorFleet {
  tenantCode: string;
  vehicles: FleetVehicle[];
  /** Pays a top-up at the operator's demo sandbox (POST /payment/sandbox/settle), as a rider's banking app would. */
  pay(payNo: string): Promise<void>;
}

/**
 * The vehicles a staff member sees, with an IoT box and a position (the cities asked for, or all of theirs), each with
 * a key issued through POST /vehicle/vehicle/deviceKey — as the vehicle page issues one; the old key stops working.
 */
export async function issueFleetKeysThroughApi(opts: {
  url: string;
  user: string;
  password: string;
  cities: readonly number[];
}): Promise<OperatorFleet> {
  const api = new ConsoleApi(opts.url.replace(/\/$/, ''));
  await api.signIn(opts.user, opts.password);
  const { tenantCode } = (await api.call<Profile>('GET', '/system/user/profile')).data;
  const listed: VehicleRow[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await api.call<VehicleRow[]>('POST', '/vehicle/vehicle/list', { pageNum, pageSize: PAGE_SIZE_MAX });
    listed.push(...(page.rows ?? []));
    if ((page.rows ?? []).length < PAGE_SIZE_MAX) break;
  }
  const positions = new Map(
    (await api.call<MonitorAnswer>('GET', `${MONITOR_PATH}?cityCode=${ALL_CITIES_CODE}`)).data.vehicles.map((v) => [v.vehicleId, v]),
  );
  const wanted = listed.filter((v) => v.imei && positions.has(v.vehicleId) && (opts.cities.length === 0 || opts.cities.includes(Number(v.cityCode))));
  const fleet: FleetVehicle[] = [];
  const queue = [...wanted];
  const issueNext = async () => {
    for (let v = queue.shift(); v; v = queue.shift()) {
      const issued = (await api.call<DeviceKeyIssued>('POST', '/vehicle/vehicle/deviceKey', { vehicleId: v.vehicleId })).data;
      const at = positions.get(v.vehicleId)!;
      fleet.push({
        vehicleId: v.vehicleId,
        vehicleNo: v.vehicleNo,
        tenantCode,
        imei: issued.imei,
        deviceKey: issued.deviceKey,
        cityCode: Number(v.cityCode),
        opState: Number(v.opState),
        lat: at.lat,
        lng: at.lng,
        soc: at.soc,
        lockState: at.lockState,
        maxRangeM: null,
      });
    }
  };
  await Promise.all(Array.from({ length: ISSUING_AT_ONCE }, issueNext));
  return {
    tenantCode,
    vehicles: fleet.sort((a, b) => a.vehicleId - b.vehicleId),
    pay: async (payNo) => void (await api.call('POST', '/payment/sandbox/settle', { payNo, outcome: 'paid' })),
  };
}
