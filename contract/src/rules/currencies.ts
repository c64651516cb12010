/**
 * The currencies the platform starts with (DOMAIN §2.7 currencies, Rule Management): the seed writes them and the
 * console formats money with their symbols. IDR's smallest accounted unit is the rupiah (minor_unit 0, §0.3). The
 * wallet caps mirror Bank Indonesia's e-money limits (DOMAIN: legal to confirm).
 */
export interface CurrencyDef {
  code: string;
  symbol: string;
  minorUnit: number;
  minTopup: number;
  maxWalletUnverified: number;
  maxWalletVerified: number;
}

export const CURRENCIES: readonly CurrencyDef[] = [
  { code: 'IDR', symbol: 'Rp', minorUnit: 0, minTopup: 10_000, maxWalletUnverified: 2_000_000, maxWalletVerified: 20_000_000 },
  { code: 'MYR', symbol: 'RM', minorUnit: 2, minTopup: 1_000, maxWalletUnverified: 150_000, maxWalletVerified: 500_000 },
];
