/** DOMAIN §9.1–§9.2: the two demo operator tenants, their cities, organisation and staff. */

export interface DemoCity {
  code: number;
  zh: string;
  name: string;
  tz: number;
  iana: string;
  lat: number;
  lng: number;
  slug: string;
}
export interface DemoTenant {
  id: number;
  code: string;
  company: string;
  brand: string;
  prefix: string;
  companyDeptId: number;
  contact: string;
  phone: string;
  email: string;
  address: string;
  /** The company's business id (NIB, 13 digits) and tax id (NPWP), printed on its invoices. */
  nib: string;
  npwp: string;
  cities: DemoCity[];
  /** Names for demo staff, deterministic. */
  people: string[];
}

export const DEMO_TENANTS: DemoTenant[] = [
  {
    id: 2,
    code: 'KITABIKE',
    company: 'PT Sepeda Kita Nusantara',
    brand: 'KitaBike',
    prefix: 'kitabike',
    companyDeptId: 200,
    contact: 'Rina Wulandari',
    phone: '+62 21 5099 1200',
    email: 'ops@kitabike.id',
    address: 'Jl. M.H. Thamrin No. 10, Jakarta Pusat',
    nib: '9120001234567',
    npwp: '02.345.678.9-071.000',
    cities: [
      { code: 2001, zh: '雅加达', name: 'Jakarta', tz: 7, iana: 'Asia/Jakarta', lat: -6.175392, lng: 106.827153, slug: 'jakarta' },
      { code: 2002, zh: '万隆', name: 'Bandung', tz: 7, iana: 'Asia/Jakarta', lat: -6.902481, lng: 107.61881, slug: 'bandung' },
      { code: 2003, zh: '泗水', name: 'Surabaya', tz: 7, iana: 'Asia/Jakarta', lat: -7.245791, lng: 112.737797, slug: 'surabaya' },
    ],
    people: [
      'Rina Wulandari',
      'Budi Santoso',
      'Sari Puspita',
      'Agus Pratama',
      'Dewi Lestari',
      'Eko Saputra',
      'Fajar Nugroho',
      'Gita Permata',
      'Hendra Wijaya',
      'Indah Sari',
      'Joko Susilo',
      'Kurniawan Hadi',
      'Lina Marlina',
      'Made Suarta',
      'Nur Hidayah',
      'Oki Setiawan',
      'Putri Ayu',
      'Rudi Hartono',
      'Siti Rahmawati',
      'Teguh Prasetyo',
    ],
  },
  {
    id: 3,
    code: 'GOWESBALI',
    company: 'PT Gowes Listrik Bali',
    brand: 'GowesBali',
    prefix: 'gowesbali',
    companyDeptId: 300,
    contact: 'I Wayan Sudarsana',
    phone: '+62 361 223 456',
    email: 'halo@gowesbali.id',
    address: 'Jl. Raya Puputan No. 88, Denpasar',
    nib: '9120009876543',
    npwp: '03.456.789.0-901.000',
    cities: [
      { code: 3001, zh: '登巴萨', name: 'Denpasar', tz: 8, iana: 'Asia/Makassar', lat: -8.65681, lng: 115.2168, slug: 'denpasar' },
      { code: 3002, zh: '雅加达', name: 'Jakarta', tz: 7, iana: 'Asia/Jakarta', lat: -6.2253, lng: 106.8085, slug: 'jakarta' },
    ],
    people: [
      'I Wayan Sudarsana',
      'Ni Luh Ayu',
      'I Made Wirawan',
      'Ni Komang Sri',
      'I Ketut Arsana',
      'Putu Eka',
      'Kadek Dwi',
      'Komang Adi',
      'Gede Mahendra',
      'Luh Putu Sari',
      'Nyoman Sutama',
      'Wayan Gita',
      'Made Yoga',
      'Ayu Kartika',
    ],
  },
];

/** The demo posts: their codes, and their names among the starter names. */
export const DEMO_POSTS = [
  ['OPS_MGR', 'opsManagerPost'],
  ['TECH', 'technicianPost'],
  ['DISPATCH', 'dispatcherPost'],
  ['CS', 'customerServicePost'],
  ['FIN', 'financePost'],
] as const;

/** Permission patterns per demo role (DOMAIN §9.2). */
export const ROLE_PERMS = {
  tenant_admin: ['*:*:*'],
  city_ops: [
    'operations:*:*',
    // DOMAIN §3.9: finance approves and pays settlements; operations make and confirm them.
    '!operations:settlementList:approve',
    '!operations:settlementList:pay',
    '!operations:investment_settlement:approve',
    '!operations:investment_settlement:pay',
    'vehicle:*:*',
    'alarm:*:*',
    'report:*:view',
    'report:*:export',
    'user:*:view',
    'log:*:view',
    'carBusiness:index:*',
    'carBusiness:vehicleList:*',
    'carBusiness:order_activity:*',
    'carBusiness:duration:*',
    'carBusiness:abnormal_order:*',
    'message:index:view',
  ],
  technician: [
    'operations:index:view',
    'operations:ticketList:view',
    'operations:ticketList:grab',
    'operations:ticketList:accept',
    'operations:ticketList:submit',
    ...['dispatch', 'battery', 'broken', 'repair'].flatMap((t) => [`operations:${t}List:view`, `operations:${t}SubList:view`]),
    'operations:battery:view',
    'operations:operation_tool:*',
    'vehicle:index:view',
    'vehicle:vehicle:view',
    'vehicle:vehicle:lock',
    'vehicle:vehicle:unlock',
    'vehicle:vehicle:ring',
  ],
  cs: [
    'user:*:*',
    'operations:index:view',
    // DOMAIN §9.2: ride orders view and resolve, and refunds of rides.
    'operations:orderList:view',
    'operations:orderList:resolve',
    'operations:orderList:refund',
    'payment:index:view',
    'payment:refundListPage:*',
    // What a ride or an order posted (a ride's page lists its postings), to explain a charge before refunding it.
    'payment:accountOrderListPage:view',
    // DOMAIN §9.2: customer service asks for refunds of paid orders and top-ups.
    'payment:orderListPage:view',
    'payment:orderListPage:refund',
    'payment:rechargeList:view',
    'payment:rechargeList:refund',
    // DOMAIN §9.2 "coupon grant": coupons granted and revoked, members' passes seen, suspended and reinstated.
    'payment:couponListPage:view',
    'payment:couponListPage:grant',
    'payment:cardsList:view',
    'payment:cardsList:cancel',
    'payment:cardsList:refund',
    // Members ask about their battery swaps: customer service reads them.
    'payment:stationDebitListPage:view',
    'payment:couponListPage:*',
    'message:*:*',
    'log:*:view',
  ],
  finance: [
    'payment:*:*',
    // The gateways' call log, which the payment Home points at. (Not the alarm list: every vehicle alarm would be pushed.)
    'log:interfaceLog:*',
    'operations:settlementList:*',
    'operations:investment_settlement:*',
    'operations:revenue_order_list:*',
    'report:*:*',
    'carBusiness:index:*',
  ],
} satisfies Record<string, readonly string[]>;
export type DemoRoleKey = keyof typeof ROLE_PERMS;
