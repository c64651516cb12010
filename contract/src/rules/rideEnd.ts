/**
 * Where a ride may end (DOMAIN §8.2), checked in its order: no_ride → service_area → no_parking → parking. Pure: the
 * server decides a ride's end with it, and its tests list every case.
 *
 * A rider's end that a rule refuses is refused with the rule's reason and the fee ending there anyway would cost;
 * ended anyway (`force`: the rider accepts the fee, or staff end it), it pays the first refusing rule's fee — the
 * out-of-area fee, or the no-parking fee (a zone's own penalty first) for a no-ride or no-parking zone or outside
 * every parking zone of a station-based city — and a ride ended outside the service area is abnormal.
 */

/** The zones an end point lies in, as the city's active zones say. */
export interface EndPlace {
  inServiceArea: boolean;
  /** The no-ride zone the point is in, with its own penalty (null: the rule's). */
  noRide: { zoneId: number; penaltyFee: number | null } | null;
  noParking: { zoneId: number; penaltyFee: number | null } | null;
  /** The parking zone the point is in. */
  parkingZoneId: number | null;
}

export interface EndFees {
  outOfAreaFee: number;
  noParkingFee: number;
}

/** Why a ride cannot end where it is (i18n `ride.end.<reason>`). */
export type EndRefusal = 'noRide' | 'outOfArea' | 'noParking' | 'notInParking';

export type EndVerdict =
  | { ok: true; penaltyFee: number; abnormal: boolean; inArea: boolean; zoneId: number | null; refusal: EndRefusal | null }
  | { ok: false; refusal: EndRefusal; fee: number };

/** The verdict on ending at `place`: refused, or ended with its penalty (and abnormal outside the service area). */
export function rideEndVerdict(place: EndPlace, fees: EndFees, opts: { force: boolean; stationBased: boolean }): EndVerdict {
  const refusal = firstRefusal(place, opts.stationBased);
  if (!refusal) return { ok: true, penaltyFee: 0, abnormal: false, inArea: true, zoneId: place.parkingZoneId, refusal: null };
  const fee = feeOf(refusal.reason, refusal.penaltyFee, fees);
  if (!opts.force) return { ok: false, refusal: refusal.reason, fee };
  const inArea = place.inServiceArea;
  return { ok: true, penaltyFee: fee, abnormal: !inArea, inArea, zoneId: refusal.zoneId, refusal: refusal.reason };
}

function firstRefusal(place: EndPlace, stationBased: boolean): { reason: EndRefusal; zoneId: number | null; penaltyFee: number | null } | null {
  if (place.noRide) return { reason: 'noRide', ...place.noRide };
  if (!place.inServiceArea) return { reason: 'outOfArea', zoneId: null, penaltyFee: null };
  if (place.noParking) return { reason: 'noParking', ...place.noParking };
  if (stationBased && place.parkingZoneId === null) return { reason: 'notInParking', zoneId: null, penaltyFee: null };
  return null;
}

function feeOf(reason: EndRefusal, zonePenalty: number | null, fees: EndFees) {
  if (reason === 'outOfArea') return fees.outOfAreaFee;
  return zonePenalty ?? fees.noParkingFee;
}
