import { describe, expect, it } from 'vitest';
import { boundingBox, distanceMeters, northOf } from './distance';

const unionSquare = { lat: 40.7359, lon: -73.9911 };

describe('distance between positions', () => {
  it('measures known distances within a metre per kilometre', () => {
    // Union Square to Times Square is about 2.5 km; New York to Paris about 5,837 km.
    expect(distanceMeters(unionSquare, { lat: 40.758, lon: -73.9855 })).toBeGreaterThan(2_400);
    expect(distanceMeters(unionSquare, { lat: 40.758, lon: -73.9855 })).toBeLessThan(2_550);
    expect(distanceMeters({ lat: 40.7128, lon: -74.006 }, { lat: 48.8566, lon: 2.3522 }) / 1000).toBeCloseTo(5_837, -1);
    expect(distanceMeters(unionSquare, unionSquare)).toBe(0);
  });

  it('places a point at an exact distance north', () => {
    expect(distanceMeters(unionSquare, northOf(unionSquare, 290))).toBeCloseTo(290, 3);
  });

  it('gives a box that holds every point of the radius, and the whole longitude range near a pole', () => {
    const box = boundingBox(unionSquare, 300);
    const east = { lat: unionSquare.lat, lon: unionSquare.lon + 0.0035 };
    expect(distanceMeters(unionSquare, east)).toBeLessThan(300);
    expect(east.lon).toBeLessThanOrEqual(box.maxLon);
    expect(boundingBox({ lat: 89.9999999, lon: 0 }, 300)).toMatchObject({ minLon: -180, maxLon: 180 });
    expect(boundingBox({ lat: 0, lon: 179.999 }, 300)).toMatchObject({ minLon: -180, maxLon: 180 });
  });
});
