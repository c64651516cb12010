import { describe, expect, it } from 'vitest';
import { rideEndVerdict, type EndPlace } from './rideEnd.ts';

const FEES = { outOfAreaFee: 25_000, noParkingFee: 15_000 };
const open: EndPlace = { inServiceArea: true, noRide: null, noParking: null, parkingZoneId: null };
const NO_RIDE = { zoneId: 5, penaltyFee: null };
const NO_PARKING = { zoneId: 7, penaltyFee: null };

describe('where a ride may end (DOMAIN §8.2)', () => {
  // [case, place, station-based, the rider's end, the forced end]
  const cases: Array<[string, EndPlace, boolean, ReturnType<typeof rideEndVerdict>, ReturnType<typeof rideEndVerdict>]> = [
    [
      'anywhere allowed in a free-floating city',
      open,
      false,
      { ok: true, penaltyFee: 0, abnormal: false, inArea: true, zoneId: null, refusal: null },
      { ok: true, penaltyFee: 0, abnormal: false, inArea: true, zoneId: null, refusal: null },
    ],
    [
      'in a parking zone of a station-based city',
      { ...open, parkingZoneId: 9 },
      true,
      { ok: true, penaltyFee: 0, abnormal: false, inArea: true, zoneId: 9, refusal: null },
      { ok: true, penaltyFee: 0, abnormal: false, inArea: true, zoneId: 9, refusal: null },
    ],
    [
      'outside every parking zone of a station-based city',
      open,
      true,
      { ok: false, refusal: 'notInParking', fee: 15_000 },
      { ok: true, penaltyFee: 15_000, abnormal: false, inArea: true, zoneId: null, refusal: 'notInParking' },
    ],
    [
      'in a no-parking zone',
      { ...open, noParking: NO_PARKING },
      false,
      { ok: false, refusal: 'noParking', fee: 15_000 },
      { ok: true, penaltyFee: 15_000, abnormal: false, inArea: true, zoneId: 7, refusal: 'noParking' },
    ],
    [
      "in a no-parking zone with its own penalty, which wins over the rule's",
      { ...open, noParking: { zoneId: 7, penaltyFee: 5_000 } },
      false,
      { ok: false, refusal: 'noParking', fee: 5_000 },
      { ok: true, penaltyFee: 5_000, abnormal: false, inArea: true, zoneId: 7, refusal: 'noParking' },
    ],
    [
      'outside the service area: abnormal when forced',
      { ...open, inServiceArea: false },
      false,
      { ok: false, refusal: 'outOfArea', fee: 25_000 },
      { ok: true, penaltyFee: 25_000, abnormal: true, inArea: false, zoneId: null, refusal: 'outOfArea' },
    ],
    [
      'outside the service area in a no-parking zone: the service area is checked first',
      { ...open, inServiceArea: false, noParking: NO_PARKING },
      false,
      { ok: false, refusal: 'outOfArea', fee: 25_000 },
      { ok: true, penaltyFee: 25_000, abnormal: true, inArea: false, zoneId: null, refusal: 'outOfArea' },
    ],
    [
      'in a no-ride zone, even outside the service area: no_ride is checked first, and the forced end is abnormal',
      { ...open, inServiceArea: false, noRide: NO_RIDE, noParking: NO_PARKING },
      true,
      { ok: false, refusal: 'noRide', fee: 15_000 },
      { ok: true, penaltyFee: 15_000, abnormal: true, inArea: false, zoneId: 5, refusal: 'noRide' },
    ],
    [
      'in a no-parking zone of a station-based city: no_parking comes before parking',
      { ...open, noParking: NO_PARKING },
      true,
      { ok: false, refusal: 'noParking', fee: 15_000 },
      { ok: true, penaltyFee: 15_000, abnormal: false, inArea: true, zoneId: 7, refusal: 'noParking' },
    ],
  ];

  it.each(cases)('%s', (_, place, stationBased, ended, forced) => {
    expect(rideEndVerdict(place, FEES, { force: false, stationBased })).toEqual(ended);
    expect(rideEndVerdict(place, FEES, { force: true, stationBased })).toEqual(forced);
  });
});
