import { Code } from '@kayuh/contract/codes';
import { SLOW_ZONE_DEFAULT_KPH, ZoneStatus, ZoneType, zoneResource } from '@kayuh/contract/resources/zone';
import { and, eq, ne, sql } from 'drizzle-orm';
import { zones } from '../../db/schema.ts';
import { BizError } from '../../platform/errors.ts';
import { bindResource, type HookContext } from '../../platform/resources/binding.ts';
import { tenantRows } from '../../platform/scope.ts';
import { boundingBox, hasArea, openRing, overlaps, selfIntersection, type LatLng } from './zoneGeometry.ts';

/** 2001 on the zone's outline, saying which rule and where (the params fill the translated message). */
const refused = (key: string, params: Record<string, string | number> = {}) =>
  new BizError(Code.validation, undefined, { fields: { points: key } }, params);

const at = (p: LatLng) => `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`;

/** The outline itself: enough corners once stored open, some area, no crossing. */
function checkOutline(points: LatLng[]) {
  if (points.length < 3) throw refused('validation.zoneNoArea');
  // A crossing first: a figure of eight encloses ground, but its two lobes' areas cancel out.
  const crossing = selfIntersection(points);
  if (crossing) throw refused('validation.zoneSelfIntersects', { at: at(crossing) });
  if (!hasArea(points)) throw refused('validation.zoneNoArea');
}

/**
 * The city's other active zones it must keep clear of, checked with the zone as it will be active: no shared
 * ground with an active zone of its type (slow zones may overlap), and one active service area per city.
 */
async function checkAmongActive({ tx, tenantId, next }: HookContext) {
  const type = Number(next.type);
  // Activations of one city's zones of one type take turns, so two at once cannot both find the other absent.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`zones:${tenantId}:${Number(next.cityCode)}:${type}`}))`);
  const others = await tx
    .select({ id: zones.id, zoneCode: zones.zoneCode, points: zones.points })
    .from(zones)
    .where(
      and(
        tenantRows(tenantId, zones),
        eq(zones.cityCode, Number(next.cityCode)),
        eq(zones.type, type),
        eq(zones.status, ZoneStatus.active),
        next.id === undefined ? undefined : ne(zones.id, Number(next.id)),
      ),
    )
    .orderBy(zones.zoneCode);
  if (type === ZoneType.serviceArea && others.length) throw refused('validation.zoneSecondServiceArea', { zone: others[0]!.zoneCode });
  if (type === ZoneType.slow) return;
  const points = next.points as LatLng[];
  const clash = others.find((other) => overlaps(points, other.points as LatLng[]));
  if (clash) throw refused('validation.zoneOverlaps', { zone: clash.zoneCode });
}

export const zoneBinding = bindResource(zoneResource, zones, {
  async check(ctx) {
    const { values, next } = ctx;
    if (values.points !== undefined) {
      const points = openRing(values.points as LatLng[]);
      checkOutline(points);
      Object.assign(values, { points, ...boundingBox(points) });
      Object.assign(next, { points });
    }
    if (Number(next.type) === ZoneType.slow && (next.speedLimitKph === null || next.speedLimitKph === undefined)) {
      values.speedLimitKph = SLOW_ZONE_DEFAULT_KPH;
    }
    // An active zone stays clear of the others whatever an edit changes (its outline, its type, its city).
    if (Number(next.status) === ZoneStatus.active) await checkAmongActive(ctx);
  },
  events: {
    activate: { guard: checkAmongActive },
  },
});
