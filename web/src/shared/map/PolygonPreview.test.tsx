import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FieldDef } from '@kayuh/contract/resources/types';
import { loadTestCatalogue } from '../../testing/catalogue';
import { FieldValue } from '../resource/FieldValue';
import { mockMapSettings, renderWithQueries, sizeMapsForTests } from './mapTesting';

sizeMapsForTests();
beforeEach(() => {
  loadTestCatalogue('ID');
  mockMapSettings(null);
});

const area: FieldDef = { name: 'area', type: 'polygon' };
const triangle = [
  { lat: -8.65, lng: 115.13 },
  { lat: -8.66, lng: 115.15 },
  { lat: -8.68, lng: 115.14 },
];

describe('a stored area', () => {
  it('is a small map of it in the detail view', async () => {
    const { container } = renderWithQueries(<FieldValue field={area} value={triangle} />);
    expect(screen.getByText('3 titik')).toBeDefined();
    await waitFor(() => expect(container.querySelectorAll('path.leaflet-interactive')).toHaveLength(1));
  });

  it('is its point count in a table cell', () => {
    const { container } = renderWithQueries(<FieldValue field={area} value={triangle} inList />);
    expect(container.textContent).toBe('3 titik');
    expect(container.querySelector('.ant-skeleton, .kayuh-map')).toBeNull();
  });
});
