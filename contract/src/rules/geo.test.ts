import { describe, expect, it } from 'vitest';
import { distanceKm, pointInPolygon } from './geo.ts';

const square = [
  { lat: 0, lng: 0 },
  { lat: 0, lng: 10 },
  { lat: 10, lng: 10 },
  { lat: 10, lng: 0 },
];
// A "U": the notch between the arms is outside.
const concave = [
  { lat: 0, lng: 0 },
  { lat: 0, lng: 3 },
  { lat: 3, lng: 3 },
  { lat: 3, lng: 2 },
  { lat: 1, lng: 2 },
  { lat: 1, lng: 1 },
  { lat: 3, lng: 1 },
  { lat: 3, lng: 0 },
];

describe('pointInPolygon', () => {
  it('needs at least 3 points', () => {
    expect(pointInPolygon({ lat: 0, lng: 0 }, [])).toBe(false);
    expect(pointInPolygon({ lat: 0, lng: 0 }, [{ lat: 0, lng: 0 }])).toBe(false);
    expect(
      pointInPolygon({ lat: 0.5, lng: 0.5 }, [
        { lat: 0, lng: 0 },
        { lat: 1, lng: 1 },
      ]),
    ).toBe(false);
  });

  it('finds points inside and outside a square', () => {
    expect(pointInPolygon({ lat: 5, lng: 5 }, square)).toBe(true);
    expect(pointInPolygon({ lat: 11, lng: 5 }, square)).toBe(false);
    expect(pointInPolygon({ lat: 5, lng: -1 }, square)).toBe(false);
  });

  it('handles a triangle and a concave area', () => {
    const triangle = square.slice(0, 3);
    expect(pointInPolygon({ lat: 2, lng: 8 }, triangle)).toBe(true);
    expect(pointInPolygon({ lat: 8, lng: 2 }, triangle)).toBe(false);
    expect(pointInPolygon({ lat: 0.5, lng: 1.5 }, concave)).toBe(true);
    expect(pointInPolygon({ lat: 2, lng: 1.5 }, concave)).toBe(false);
    expect(pointInPolygon({ lat: 2, lng: 0.5 }, concave)).toBe(true);
  });

  it('works on real coordinates south of the equator', () => {
    const jakartaBox = [
      { lat: -6.1, lng: 106.7 },
      { lat: -6.1, lng: 106.95 },
      { lat: -6.35, lng: 106.95 },
      { lat: -6.35, lng: 106.7 },
    ];
    expect(pointInPolygon({ lat: -6.175392, lng: 106.827153 }, jakartaBox)).toBe(true);
    expect(pointInPolygon({ lat: -6.902481, lng: 107.61881 }, jakartaBox)).toBe(false);
  });
});

describe('distanceKm', () => {
  // Expected values computed independently with Python's math module (haversine, R = 6378.137 km).
  it('measures Monas to Gedung Sate', () => {
    expect(distanceKm({ lat: -6.175392, lng: 106.827153 }, { lat: -6.902481, lng: 107.61881 })).toBe(119.2);
  });

  it('measures Monas to Medan and is symmetric', () => {
    const monas = { lat: -6.175392, lng: 106.827153 };
    const medan = { lat: 3.595196, lng: 98.672223 };
    expect(distanceKm(monas, medan)).toBe(1415.9);
    expect(distanceKm(medan, monas)).toBe(1415.9);
  });

  it('gives one degree of the equator with the spec radius', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBe(111.3);
  });

  it('rounds to 0.1 km', () => {
    expect(distanceKm({ lat: 1, lng: 1 }, { lat: 1, lng: 1 })).toBe(0);
    expect(distanceKm({ lat: -6.2, lng: 106.8 }, { lat: -6.2, lng: 106.8005 })).toBe(0.1);
  });

  it('stays finite for antipodal points (half the circumference)', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBe(20037.5);
  });
});
