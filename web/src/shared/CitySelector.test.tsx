import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialConfigState, useConfigStore } from '../stores/configStore';
import { useUserStore } from '../stores/userStore';
import { loadTestCatalogue } from '../testing/catalogue';
import { city, operator, signIn, superAdmin } from '../testing/session';
import { CitySelector } from './CitySelector';

const CITIES = [
  { ...city(1, 'All cities', '全部城市'), countryName: '' },
  city(3101, 'Jakarta', '雅加达'),
  city(3102, 'Indonesia-Bandung', '万隆'),
  city(3201, 'Surabaya', '泗水'),
];

const openOptions = () => {
  fireEvent.mouseDown(screen.getByRole('combobox'));
  return [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent);
};

beforeEach(() => {
  loadTestCatalogue('ID');
  useConfigStore.setState({ cityList: CITIES, HCityCode: '' });
});
afterEach(() => {
  useConfigStore.setState(initialConfigState);
  useUserStore.setState({ userInfo: null });
});

describe('CitySelector (spec §3, §6)', () => {
  it("shows the 'All City' placeholder for the empty value", () => {
    signIn(operator);
    render(<CitySelector />);
    expect(screen.getByText('Semua Kota')).toBeTruthy();
  });

  it('offers only the cities in the user role scope, prefixed with the country', () => {
    signIn(operator); // deptIds 3101, 3102
    render(<CitySelector />);
    expect(openOptions()).toEqual(['Indonesia-Jakarta', 'Indonesia-Bandung']);
  });

  it("lets only a user who sees every city clear the choice back to 'All City'", () => {
    useConfigStore.setState({ HCityCode: 3101 });
    signIn(operator);
    const { unmount } = render(<CitySelector />);
    expect(document.querySelector('.ant-select-clear')).toBeNull();
    unmount();
    signIn(superAdmin);
    render(<CitySelector />);
    expect(document.querySelector('.ant-select-clear')).not.toBeNull();
  });

  it('offers every city when a role holds dept 1, city code 1 being the empty value', () => {
    signIn(superAdmin);
    render(<CitySelector />);
    expect(openOptions()).toEqual(['All cities', 'Indonesia-Jakarta', 'Indonesia-Bandung', 'Indonesia-Surabaya']);
    fireEvent.click(screen.getByText('All cities'));
    expect(useConfigStore.getState().HCityCode).toBe('');
    expect(screen.getByText('Semua Kota')).toBeTruthy();
  });

  it('labels cities with the Chinese name in ZH', () => {
    loadTestCatalogue('ZH');
    signIn(operator);
    render(<CitySelector />);
    expect(openOptions()).toEqual(['Indonesia-雅加达', 'Indonesia-万隆']);
  });

  it('writes the choice to the store and follows the stored code when it changes', () => {
    signIn(operator);
    render(<CitySelector />);
    openOptions();
    fireEvent.click(screen.getByTitle('Indonesia-Bandung'));
    expect(useConfigStore.getState().HCityCode).toBe(3102);
    act(() => useConfigStore.setState({ HCityCode: 3101 }));
    expect(document.querySelector('.ant-select-content')?.textContent ?? document.querySelector('.ant-select-selection-item')?.textContent).toContain(
      'Indonesia-Jakarta',
    );
  });
});
