import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTestCatalogue } from '../../testing/catalogue';
import { mockMapSettings, renderWithQueries, sizeMapsForTests } from './mapTesting';
import { MapView } from './MapView';
import type { LatLng } from './mapTypes';
import PolygonInput from './PolygonInput';

sizeMapsForTests();
beforeEach(() => {
  loadTestCatalogue('ID');
  mockMapSettings(null);
});

const square = (lat: number, lng: number, size = 0.01): LatLng[] => [
  { lat, lng },
  { lat, lng: lng + size },
  { lat: lat - size, lng: lng + size },
  { lat: lat - size, lng },
];
const paths = () => [...document.querySelectorAll<SVGPathElement>('path.leaflet-interactive')];
const byColour = (colour: string) => paths().find((p) => p.getAttribute('stroke') === colour)!;

describe('read-only areas', () => {
  it('draws a draft dashed and a faded area pale, and reports a click on an area', async () => {
    const onClick = vi.fn();
    renderWithQueries(
      <MapView
        polygons={[
          { id: 1, points: square(-6.2, 106.8), color: '#ff0000' },
          { id: 2, points: square(-6.22, 106.82), color: '#00ff00', dashed: true },
          { id: 3, points: square(-6.24, 106.84), color: '#0000ff', faded: true, onClick },
        ]}
      />,
    );
    await waitFor(() => expect(paths()).toHaveLength(3));
    expect(byColour('#ff0000').getAttribute('stroke-dasharray')).toBeNull();
    expect(byColour('#ff0000').getAttribute('stroke-opacity')).toBe('1');
    expect(byColour('#00ff00').getAttribute('stroke-dasharray')).toBe('6 6');
    expect(byColour('#0000ff').getAttribute('stroke-opacity')).toBe('0.45');
    fireEvent.click(byColour('#ff0000'));
    expect(onClick).not.toHaveBeenCalled();
    fireEvent.click(byColour('#0000ff'));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('the polygon field shows other areas around the one drawn, and still edits only its own', async () => {
    renderWithQueries(
      <PolygonInput
        value={square(-6.2, 106.8)}
        onChange={vi.fn()}
        context={[
          { id: 'a', points: square(-6.22, 106.82), color: '#00ff00', faded: true },
          { id: 'b', points: square(-6.24, 106.84), color: '#0000ff', faded: true },
        ]}
      />,
    );
    await waitFor(() => expect(paths()).toHaveLength(3), { timeout: 5000 });
    expect(byColour('#00ff00').getAttribute('stroke-opacity')).toBe('0.45');
    fireEvent.click(await screen.findByRole('button', { name: /Ubah titik/ }, { timeout: 5000 }));
    // Editing gives handles to the field's own four points only.
    await waitFor(() => expect(document.querySelectorAll('.marker-icon:not(.marker-icon-middle)')).toHaveLength(4), { timeout: 5000 });
  });
});
