// DOMAIN §9.5's twenty cities: real centres (a landmark, WGS84, approximate), zones (WITA for Denpasar, Makassar,
// Balikpapan and Manado, WIB elsewhere), and a weight (the city's population in millions, roughly) for its share of
// the fleet.

export interface CitySpec {
  name: string;
  zh: string;
  slug: string;
  lat: number;
  lng: number;
  tz: 7 | 8;
  iana: 'Asia/Jakarta' | 'Asia/Makassar';
  weight: number;
}

const wib = { tz: 7, iana: 'Asia/Jakarta' } as const;
const wita = { tz: 8, iana: 'Asia/Makassar' } as const;

export const CITIES: readonly CitySpec[] = [
  { name: 'Jakarta', zh: '雅加达', slug: 'jakarta', lat: -6.175392, lng: 106.827153, ...wib, weight: 10.6 }, // Monas
  { name: 'Bandung', zh: '万隆', slug: 'bandung', lat: -6.902481, lng: 107.61881, ...wib, weight: 2.5 }, // Gedung Sate
  { name: 'Surabaya', zh: '泗水', slug: 'surabaya', lat: -7.245791, lng: 112.737797, ...wib, weight: 2.9 }, // Tugu Pahlawan
  { name: 'Denpasar', zh: '登巴萨', slug: 'denpasar', lat: -8.65681, lng: 115.2168, ...wita, weight: 0.7 }, // Puputan Badung
  { name: 'Medan', zh: '棉兰', slug: 'medan', lat: 3.5914, lng: 98.6778, ...wib, weight: 2.5 }, // Lapangan Merdeka
  { name: 'Semarang', zh: '三宝垄', slug: 'semarang', lat: -6.9903, lng: 110.4229, ...wib, weight: 1.7 }, // Simpang Lima
  { name: 'Yogyakarta', zh: '日惹', slug: 'yogyakarta', lat: -7.7829, lng: 110.3671, ...wib, weight: 0.4 }, // Tugu Jogja
  { name: 'Makassar', zh: '望加锡', slug: 'makassar', lat: -5.1436, lng: 119.4076, ...wita, weight: 1.4 }, // Pantai Losari
  { name: 'Malang', zh: '玛琅', slug: 'malang', lat: -7.9771, lng: 112.6341, ...wib, weight: 0.85 }, // Alun-alun Tugu
  { name: 'Bogor', zh: '茂物', slug: 'bogor', lat: -6.6015, lng: 106.8056, ...wib, weight: 1.1 }, // Tugu Kujang
  { name: 'Depok', zh: '德波', slug: 'depok', lat: -6.394, lng: 106.8226, ...wib, weight: 2.1 }, // Balai Kota
  { name: 'Tangerang', zh: '坦格朗', slug: 'tangerang', lat: -6.1783, lng: 106.6319, ...wib, weight: 1.9 }, // Masjid Al-A'zhom
  { name: 'Bekasi', zh: '勿加泗', slug: 'bekasi', lat: -6.2383, lng: 106.9756, ...wib, weight: 2.5 }, // Alun-alun Bekasi
  { name: 'Palembang', zh: '巨港', slug: 'palembang', lat: -2.9918, lng: 104.7633, ...wib, weight: 1.7 }, // Jembatan Ampera
  { name: 'Balikpapan', zh: '巴厘巴板', slug: 'balikpapan', lat: -1.2654, lng: 116.8312, ...wita, weight: 0.7 }, // Lapangan Merdeka
  { name: 'Manado', zh: '万鸦老', slug: 'manado', lat: 1.4748, lng: 124.8421, ...wita, weight: 0.45 }, // Zero Point
  { name: 'Batam', zh: '巴淡', slug: 'batam', lat: 1.1283, lng: 104.053, ...wib, weight: 1.2 }, // Batam Centre
  { name: 'Pekanbaru', zh: '北干巴鲁', slug: 'pekanbaru', lat: 0.5071, lng: 101.4478, ...wib, weight: 1.0 }, // Masjid Raya An-Nur
  { name: 'Padang', zh: '巴东', slug: 'padang', lat: -0.9471, lng: 100.4172, ...wib, weight: 0.9 }, // Masjid Raya Sumbar
  { name: 'Surakarta', zh: '梭罗', slug: 'surakarta', lat: -7.5755, lng: 110.8243, ...wib, weight: 0.52 }, // Gladag
];
