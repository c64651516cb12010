import { ParkingMode } from '@kayuh/contract/resources/city';
import { ZoneStatus, ZoneType } from '@kayuh/contract/resources/zone';
import { pointInPolygon, type LatLng } from '@kayuh/contract/rules/geo';
import type { EndPlace } from '@kayuh/contract/rules/rideEnd';
import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { cities, zones } from '../../../db/schema.ts';

/**
 * The zones a ride's end point lies in (DOMAIN §8.2), read fresh from the city's active zones whose box holds the
 * point — a zone drawn a second ago counts — and whether the city is station-based. Zones carry no opening hours yet
 * (the zone page does not edit `schedule`), so an active zone counts at all times.
 */
export async function endPlaceOf(tx: Db, tenantId: number, cityCode: number, point: LatLng): Promise<EndPlace & { stationBased: boolean }> {
  const [city] = await tx
    .select({ parkingMode: cities.parkingMode })
    .from(cities)
    .where(and(eq(cities.cityCode, cityCode), isNull(cities.deletedAt)));
  const rows = await tx
    .select({ id: zones.id, type: zones.type, points: zones.points, penaltyFee: zones.penaltyFee })
    .from(zones)
    .where(
      and(
        eq(zones.tenantId, tenantId),
        eq(zones.cityCode, cityCode),
        eq(zones.status, ZoneStatus.active),
        isNull(zones.deletedAt),
        lte(zones.bboxMinLat, String(point.lat)),
        gte(zones.bboxMaxLat, String(point.lat)),
        lte(zones.bboxMinLng, String(point.lng)),
        gte(zones.bboxMaxLng, String(point.lng)),
      ),
    );
  const inside = rows.filter((z) =>
    pointInPolygon(
      point,
      (z.points as Array<{ lat: number | string; lng: number | string }>).map((p) => ({ lat: Number(p.lat), lng: Number(p.lng) })),
    ),
  );
  const of = (type: number) => inside.find((z) => z.type === type);
  const penalised = (type: number) => {
    const z = of(type);
    return z ? { zoneId: z.id, penaltyFee: z.penaltyFee } : null;
  };
  return {
    inServiceArea: Boolean(of(ZoneType.serviceArea)),
    noRide: penalised(ZoneType.noRide),
    noParking: penalised(ZoneType.noParking),
    parkingZoneId: of(ZoneType.parking)?.id ?? null,
    stationBased: city?.parkingMode === ParkingMode.stationBased,
  };
}
