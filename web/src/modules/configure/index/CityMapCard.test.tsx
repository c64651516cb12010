import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DashboardCity } from '@kayuh/contract/api/dashboard';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { mockMapSettings, renderWithQueries, sizeMapsForTests } from '../../../shared/map/mapTesting';
import { CityMapCard } from './CityMapCard';

sizeMapsForTests();
beforeEach(() => {
  loadTestCatalogue('ID');
  mockMapSettings(null);
});

const city = (cityCode: number, cityInName: string, lat: number, lng: number, extra: Partial<DashboardCity> = {}): DashboardCity => ({
  cityCode,
  cityInName,
  cityName: cityInName,
  lat,
  lng,
  zoom: 12,
  status: '1',
  staff: 4,
  ...extra,
});
const cities = [
  city(3101, 'Jakarta', -6.2, 106.82, { staff: 12 }),
  city(3102, 'Bandung', -6.91, 107.61, { cityName: '万隆', status: '0' }),
  city(5101, 'Denpasar', -8.65, 115.22),
];

describe('the city map card', () => {
  it("puts each of the tenant's cities on a map fitted to all of them", async () => {
    renderWithQueries(<CityMapCard cities={cities} />);
    expect(screen.getByText('Peta kota')).toBeDefined();
    for (const name of ['Jakarta', 'Bandung', 'Denpasar']) expect(await screen.findByRole('button', { name })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Peta kota' })).toBeDefined();
  });

  it('opens a city: its names, staff count and status', async () => {
    renderWithQueries(<CityMapCard cities={cities} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Bandung' }));
    const popup = await waitFor(() => {
      const found = document.querySelector('.leaflet-popup-content');
      expect(found?.textContent).toContain('万隆');
      return found!;
    });
    expect(popup.textContent).toContain('4 staf');
    expect(popup.textContent).toContain('Nonaktif');
  });

  it('says so when the tenant has no city', () => {
    renderWithQueries(<CityMapCard cities={[]} />);
    expect(screen.getByText('Belum ada kota')).toBeDefined();
    expect(document.querySelector('.kayuh-map, .ant-skeleton')).toBeNull();
  });
});
