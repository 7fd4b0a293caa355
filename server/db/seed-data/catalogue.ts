// The demo inventory's catalogue: real makes, models and trims with specs and sticker
// prices close to the 2026 US market (rounded, from public list prices). We wrote it for the
// seed; it is not a data feed. Prices are in dollars for the current model year; the
// generator scales them for older years and turns them into cents.

import type { BodyStyle } from '../../../app/lib/vehicle-art';

export type Drivetrain = 'FWD' | 'RWD' | 'AWD' | '4WD';
export type FuelType = 'Gasoline' | 'Hybrid' | 'Plug-in Hybrid' | 'Electric' | 'Diesel';

export type PowertrainSpec = {
  engine: string;
  transmission: string;
  drivetrain: Drivetrain;
  fuelType: FuelType;
  /** City and highway miles per gallon; null for electric vehicles and heavy-duty trucks. */
  mpg: readonly [number, number] | null;
};

export type CatalogueTrim = Partial<PowertrainSpec> & {
  name: string;
  /** Sticker price range in dollars for the current model year. */
  msrp: readonly [number, number];
  bodyStyle?: BodyStyle;
  seats?: number;
  features?: readonly string[];
};

export type CatalogueModel = PowertrainSpec & {
  make: string;
  model: string;
  bodyStyle: BodyStyle;
  /** First and last model year sold under this name (null: still on sale). */
  years: readonly [number, number | null];
  /** World manufacturer identifier used in this model's VINs, and its assembly plant code. */
  wmi: string;
  plant: string;
  seats: number;
  /** Relative share of dealer inventory. */
  popularity: number;
  /** How well the model holds its value (1 = average). */
  retention: number;
  /** Sports cars that collectors keep: old ones stop losing value. */
  collectible?: boolean;
  features: readonly string[];
  trims: readonly CatalogueTrim[];
  /** The powertrain of model years up to `until`, when it differs from today's. */
  legacy?: Partial<PowertrainSpec> & { until: number };
};

const I4 = (litres: string, extra = '') => `${litres}L I4${extra}`;
const AUTO = (speeds: number) => `${speeds}-speed automatic`;
const DCT = (speeds: number) => `${speeds}-speed dual-clutch`;
const MANUAL = (speeds: number) => `${speeds}-speed manual`;
const DIRECT = '1-speed direct drive';
const EV_DUAL = 'Dual electric motors';
const EV_SINGLE = 'Single electric motor';

function trim(name: string, low: number, high: number, extra: Omit<CatalogueTrim, 'name' | 'msrp'> = {}): CatalogueTrim {
  return { name, msrp: [low, high], ...extra };
}

const hybrid = (engine: string, mpg: readonly [number, number], transmission = 'eCVT'): Partial<PowertrainSpec> => ({
  engine,
  transmission,
  fuelType: 'Hybrid',
  mpg,
});
const plugIn = (engine: string, mpg: readonly [number, number], transmission: string): Partial<PowertrainSpec> => ({
  engine,
  transmission,
  fuelType: 'Plug-in Hybrid',
  mpg,
});
const electric = (engine = EV_DUAL, drivetrain: Drivetrain = 'AWD'): PowertrainSpec => ({
  engine,
  transmission: DIRECT,
  drivetrain,
  fuelType: 'Electric',
  mpg: null,
});

export const CATALOGUE: readonly CatalogueModel[] = [
  // Toyota
  {
    make: 'Toyota', model: 'Camry', bodyStyle: 'sedan', years: [1983, null], wmi: '4T1', plant: 'U', seats: 5, popularity: 8, retention: 1.1,
    engine: I4('2.5', ' Hybrid'), transmission: 'eCVT', drivetrain: 'FWD', fuelType: 'Hybrid', mpg: [51, 49],
    legacy: { until: 2024, engine: I4('2.5'), transmission: AUTO(8), fuelType: 'Gasoline', mpg: [28, 39] },
    features: ['Toyota Safety Sense 3.0', 'Smart key system'],
    trims: [trim('LE', 29000, 29900), trim('SE', 31300, 32200), trim('XLE', 34400, 36200, { drivetrain: 'AWD' }), trim('XSE', 35800, 37600)],
  },
  {
    make: 'Toyota', model: 'Corolla', bodyStyle: 'sedan', years: [1981, null], wmi: 'JTD', plant: 'P', seats: 5, popularity: 6, retention: 1.1,
    engine: I4('2.0'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [32, 41],
    legacy: { until: 2019, engine: I4('1.8'), transmission: AUTO(4), mpg: [28, 36] },
    features: ['Toyota Safety Sense 3.0'],
    trims: [trim('LE', 22800, 23600), trim('SE', 25500, 26400), trim('XSE', 28500, 29400), trim('Hybrid LE', 24500, 25400, hybrid(I4('1.8', ' Hybrid'), [53, 46]))],
  },
  {
    make: 'Toyota', model: 'Corolla Hatchback', bodyStyle: 'hatchback', years: [2019, null], wmi: 'JTN', plant: 'J', seats: 5, popularity: 2, retention: 1.05,
    engine: I4('2.0'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [32, 41],
    features: ['Toyota Safety Sense 3.0'],
    trims: [trim('SE', 24100, 25300), trim('XSE', 28000, 29000), trim('Nightshade', 26000, 26900)],
  },
  {
    make: 'Toyota', model: 'RAV4', bodyStyle: 'suv', years: [1996, null], wmi: '2T3', plant: 'W', seats: 5, popularity: 9, retention: 1.15,
    engine: I4('2.5', ' Hybrid'), transmission: 'eCVT', drivetrain: 'AWD', fuelType: 'Hybrid', mpg: [41, 38],
    legacy: { until: 2025, engine: I4('2.5'), transmission: AUTO(8), fuelType: 'Gasoline', mpg: [27, 35] },
    features: ['Toyota Safety Sense 3.0', 'Roof rails'],
    trims: [
      trim('LE', 29800, 31000), trim('XLE', 31600, 33000), trim('XLE Premium', 35000, 36600), trim('Woodland', 36000, 37500),
      trim('Limited', 38600, 40200), trim('Plug-in Hybrid XSE', 44000, 46000, plugIn(I4('2.5', ' Plug-in Hybrid'), [40, 36], 'eCVT')),
    ],
  },
  {
    make: 'Toyota', model: 'Highlander', bodyStyle: 'suv', years: [2001, null], wmi: '5TD', plant: 'Z', seats: 8, popularity: 5, retention: 1.1,
    engine: I4('2.4', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [22, 29],
    legacy: { until: 2022, engine: '3.5L V6', mpg: [20, 27] },
    features: ['Third-row seating', 'Tri-zone climate control'],
    trims: [trim('LE', 40000, 41600), trim('XLE', 44100, 46000), trim('Limited', 49500, 51600), trim('Platinum', 52600, 54600), trim('Hybrid XLE', 46500, 48200, hybrid(I4('2.5', ' Hybrid'), [35, 35]))],
  },
  {
    make: 'Toyota', model: 'Grand Highlander', bodyStyle: 'suv', years: [2024, null], wmi: '5TD', plant: 'Z', seats: 8, popularity: 2, retention: 1.1,
    engine: I4('2.4', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [21, 28],
    features: ['Third-row seating', 'Tri-zone climate control', 'Power liftgate'],
    trims: [trim('XLE', 43000, 45000), trim('Limited', 51000, 53000), trim('Platinum', 56000, 58500), trim('Hybrid MAX Platinum', 59000, 61000, hybrid('2.4L I4 Turbo Hybrid', [26, 27], AUTO(6)))],
  },
  {
    make: 'Toyota', model: 'Tacoma', bodyStyle: 'truck', years: [1995, null], wmi: '3TY', plant: 'X', seats: 5, popularity: 6, retention: 1.2,
    engine: I4('2.4', ' Turbo'), transmission: AUTO(8), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [20, 24],
    legacy: { until: 2023, engine: '3.5L V6', transmission: AUTO(6), mpg: [18, 22] },
    features: ['Bed liner', 'Tow hitch receiver', 'Skid plates'],
    trims: [trim('SR', 32000, 33600, { drivetrain: 'RWD', mpg: [21, 26] }), trim('SR5', 36000, 38000), trim('TRD Sport', 38200, 40600), trim('TRD Off-Road', 41000, 44000), trim('Limited', 52000, 54000)],
  },
  {
    make: 'Toyota', model: 'Tundra', bodyStyle: 'truck', years: [2000, null], wmi: '5TF', plant: 'X', seats: 5, popularity: 4, retention: 1.15,
    engine: '3.4L V6 Twin-Turbo', transmission: AUTO(10), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [18, 23],
    legacy: { until: 2021, engine: '5.7L V8', transmission: AUTO(6), mpg: [13, 17] },
    features: ['Bed liner', 'Trailer brake controller', 'Tow package'],
    trims: [trim('SR5', 50000, 53000), trim('Limited', 58000, 61000), trim('Platinum', 67000, 69000), trim('1794 Edition', 67000, 69500), trim('TRD Pro', 72000, 75000, hybrid('3.4L V6 Twin-Turbo Hybrid', [18, 20], AUTO(10)))],
  },
  {
    make: 'Toyota', model: '4Runner', bodyStyle: 'suv', years: [1984, null], wmi: 'JTE', plant: 'B', seats: 5, popularity: 3, retention: 1.25,
    engine: I4('2.4', ' Turbo'), transmission: AUTO(8), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [20, 23],
    legacy: { until: 2024, engine: '4.0L V6', transmission: AUTO(5), mpg: [16, 19] },
    features: ['Skid plates', 'Roof rails', 'Power rear window'],
    trims: [trim('SR5', 41000, 43000), trim('TRD Off-Road', 47000, 49000), trim('Limited', 52000, 54000), trim('TRD Pro', 66000, 67600)],
  },
  {
    make: 'Toyota', model: 'Sienna', bodyStyle: 'minivan', years: [1998, null], wmi: '5TD', plant: 'K', seats: 8, popularity: 3, retention: 1.1,
    engine: I4('2.5', ' Hybrid'), transmission: 'eCVT', drivetrain: 'FWD', fuelType: 'Hybrid', mpg: [36, 36],
    legacy: { until: 2020, engine: '3.5L V6', transmission: AUTO(8), fuelType: 'Gasoline', mpg: [19, 26] },
    features: ['Power sliding doors', 'Third-row seating', 'Rear-seat entertainment'],
    trims: [trim('LE', 40500, 42000), trim('XLE', 46500, 48500), trim('Woodland', 48500, 50000, { drivetrain: 'AWD' }), trim('Platinum', 56500, 58500)],
  },
  {
    make: 'Toyota', model: 'Prius', bodyStyle: 'hatchback', years: [2001, null], wmi: 'JTD', plant: 'K', seats: 5, popularity: 3, retention: 1.05,
    engine: I4('2.0', ' Hybrid'), transmission: 'eCVT', drivetrain: 'FWD', fuelType: 'Hybrid', mpg: [57, 56],
    legacy: { until: 2022, engine: I4('1.8', ' Hybrid'), mpg: [54, 50] },
    features: ['Toyota Safety Sense 3.0', 'Hybrid energy monitor'],
    trims: [trim('LE', 28500, 29500), trim('XLE', 32500, 33600), trim('Limited', 36500, 37600)],
  },
  {
    make: 'Toyota', model: 'GR86', bodyStyle: 'coupe', years: [2022, null], wmi: 'JF1', plant: '9', seats: 4, popularity: 1, retention: 1.15, collectible: true,
    engine: '2.4L H4', transmission: MANUAL(6), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [20, 27],
    features: ['Limited-slip differential', 'Track mode'],
    trims: [trim('Base', 30000, 31000), trim('Premium', 33000, 34000), trim('Hakone Edition', 35000, 36000)],
  },

  // Honda
  {
    make: 'Honda', model: 'Civic', bodyStyle: 'sedan', years: [1981, null], wmi: '2HG', plant: 'H', seats: 5, popularity: 8, retention: 1.1,
    engine: I4('2.0'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [32, 41],
    legacy: { until: 2015, engine: I4('1.8'), transmission: AUTO(5), mpg: [30, 39] },
    features: ['Honda Sensing', 'LED headlights'],
    trims: [
      trim('LX', 24500, 25500), trim('Sport', 27000, 28000), trim('Sport Hybrid', 29500, 30500, hybrid(I4('2.0', ' Hybrid'), [50, 47])),
      trim('Sport Touring Hybrid', 32500, 33500, hybrid(I4('2.0', ' Hybrid'), [49, 44])), trim('Si', 30500, 31500, { engine: I4('1.5', ' Turbo'), transmission: MANUAL(6), mpg: [27, 37] }),
      trim('Sport Hatchback', 28000, 29000, { bodyStyle: 'hatchback' }),
    ],
  },
  {
    make: 'Honda', model: 'Accord', bodyStyle: 'sedan', years: [1981, null], wmi: '1HG', plant: 'A', seats: 5, popularity: 7, retention: 1.1,
    engine: I4('1.5', ' Turbo'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [29, 37],
    legacy: { until: 2017, engine: I4('2.4'), transmission: AUTO(5), mpg: [24, 34] },
    features: ['Honda Sensing', 'Google built-in'],
    trims: [
      trim('LX', 28500, 29500), trim('SE', 31500, 32500), trim('Sport Hybrid', 34000, 35000, hybrid(I4('2.0', ' Hybrid'), [46, 41])),
      trim('EX-L Hybrid', 35500, 36600, hybrid(I4('2.0', ' Hybrid'), [51, 44])), trim('Touring Hybrid', 39500, 40600, hybrid(I4('2.0', ' Hybrid'), [46, 41])),
    ],
  },
  {
    make: 'Honda', model: 'CR-V', bodyStyle: 'suv', years: [1997, null], wmi: '7FA', plant: 'L', seats: 5, popularity: 9, retention: 1.15,
    engine: I4('1.5', ' Turbo'), transmission: 'CVT', drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [27, 32],
    features: ['Honda Sensing', 'Hands-free power tailgate'],
    trims: [
      trim('LX', 30500, 31600), trim('EX', 33000, 34600), trim('Sport Hybrid', 35000, 36600, hybrid(I4('2.0', ' Hybrid'), [40, 34])),
      trim('EX-L', 37000, 38600), trim('Sport Touring Hybrid', 41500, 43000, hybrid(I4('2.0', ' Hybrid'), [40, 34])),
    ],
  },
  {
    make: 'Honda', model: 'Pilot', bodyStyle: 'suv', years: [2003, null], wmi: '5FN', plant: 'B', seats: 8, popularity: 4, retention: 1.05,
    engine: '3.5L V6', transmission: AUTO(10), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [19, 25],
    legacy: { until: 2022, transmission: AUTO(9), mpg: [19, 26] },
    features: ['Third-row seating', 'Honda Sensing', 'Tri-zone climate control'],
    trims: [trim('Sport', 41000, 42600), trim('EX-L', 44500, 46100), trim('TrailSport', 50000, 51600), trim('Touring', 49500, 51100), trim('Elite', 54000, 55600)],
  },
  {
    make: 'Honda', model: 'Odyssey', bodyStyle: 'minivan', years: [1995, null], wmi: '5FN', plant: 'B', seats: 8, popularity: 3, retention: 1.05,
    engine: '3.5L V6', transmission: AUTO(10), drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [19, 28],
    legacy: { until: 2017, transmission: AUTO(6), mpg: [19, 28] },
    features: ['Power sliding doors', 'Third-row seating', 'CabinWatch camera'],
    trims: [trim('EX', 41500, 42600), trim('EX-L', 44500, 45600), trim('Sport-L', 46000, 47100), trim('Touring', 48000, 49100), trim('Elite', 52000, 53100)],
  },
  {
    make: 'Honda', model: 'HR-V', bodyStyle: 'suv', years: [2016, null], wmi: '3CZ', plant: 'M', seats: 5, popularity: 4, retention: 1.05,
    engine: I4('2.0'), transmission: 'CVT', drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [25, 30],
    features: ['Honda Sensing'],
    trims: [trim('LX', 26000, 27000, { drivetrain: 'FWD', mpg: [26, 32] }), trim('Sport', 28000, 29100), trim('EX-L', 30500, 31600)],
  },
  {
    make: 'Honda', model: 'Ridgeline', bodyStyle: 'truck', years: [2006, null], wmi: '5FP', plant: 'B', seats: 5, popularity: 2, retention: 1.1,
    engine: '3.5L V6', transmission: AUTO(9), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [18, 24],
    features: ['In-bed trunk', 'Dual-action tailgate', 'Truck-bed audio'],
    trims: [trim('Sport', 41000, 42600), trim('RTL', 44500, 46100), trim('TrailSport', 46500, 48100), trim('Black Edition', 48500, 50100)],
  },

  // Ford
  {
    make: 'Ford', model: 'F-150', bodyStyle: 'truck', years: [1981, null], wmi: '1FT', plant: 'F', seats: 6, popularity: 10, retention: 1.05,
    engine: '2.7L V6 EcoBoost', transmission: AUTO(10), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [18, 23],
    legacy: { until: 2017, engine: '5.0L V8', transmission: AUTO(6), mpg: [15, 21] },
    features: ['Pro Trailer Backup Assist', 'Bed liner', 'Tow package'],
    trims: [
      trim('XL', 38000, 41000, { drivetrain: 'RWD', mpg: [19, 24] }), trim('STX', 43000, 45000), trim('XLT', 48000, 53000, { engine: '5.0L V8', mpg: [16, 22] }),
      trim('Lariat', 62000, 66000, { engine: '3.5L V6 PowerBoost Hybrid', fuelType: 'Hybrid', mpg: [22, 23] }), trim('Tremor', 66000, 69000, { engine: '3.5L V6 EcoBoost', mpg: [16, 19] }),
      trim('King Ranch', 72000, 75000, { engine: '3.5L V6 EcoBoost', mpg: [17, 23] }), trim('Platinum', 73000, 76000, { engine: '3.5L V6 EcoBoost', mpg: [17, 23] }),
      trim('Raptor', 80000, 83000, { engine: '3.5L V6 High-Output EcoBoost', mpg: [14, 16], seats: 5 }),
    ],
  },
  {
    make: 'Ford', model: 'Mustang', bodyStyle: 'coupe', years: [1981, null], wmi: '1FA', plant: '5', seats: 4, popularity: 3, retention: 1.0, collectible: true,
    engine: I4('2.3', ' EcoBoost'), transmission: AUTO(10), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [22, 33],
    legacy: { until: 2014, engine: '3.7L V6', transmission: AUTO(6), mpg: [19, 29] },
    features: ['Track apps', 'Launch control'],
    trims: [
      trim('EcoBoost Fastback', 33000, 34600), trim('EcoBoost Premium Fastback', 39000, 40600), trim('GT Fastback', 45000, 47000, { engine: '5.0L V8', transmission: MANUAL(6), mpg: [15, 24] }),
      trim('GT Premium Convertible', 57000, 59000, { engine: '5.0L V8', mpg: [15, 24], bodyStyle: 'convertible' }),
      trim('Dark Horse', 63000, 65000, { engine: '5.0L V8', transmission: MANUAL(6), mpg: [15, 24] }),
    ],
  },
  {
    make: 'Ford', model: 'Explorer', bodyStyle: 'suv', years: [1991, null], wmi: '1FM', plant: 'G', seats: 7, popularity: 6, retention: 0.95,
    engine: I4('2.3', ' EcoBoost'), transmission: AUTO(10), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [21, 28],
    legacy: { until: 2019, engine: '3.5L V6', transmission: AUTO(6), mpg: [17, 24] },
    features: ['Third-row seating', 'Ford Co-Pilot360'],
    trims: [trim('Active', 40000, 41600, { drivetrain: 'RWD' }), trim('ST-Line', 45000, 46600), trim('Platinum', 53000, 55000, { engine: '3.0L V6 EcoBoost', mpg: [18, 24] }), trim('ST', 56000, 57600, { engine: '3.0L V6 EcoBoost', mpg: [18, 24] })],
  },
  {
    make: 'Ford', model: 'Escape', bodyStyle: 'suv', years: [2001, null], wmi: '1FM', plant: 'U', seats: 5, popularity: 5, retention: 0.95,
    engine: '1.5L I3 EcoBoost', transmission: AUTO(8), drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [27, 34],
    features: ['Ford Co-Pilot360', 'SYNC 4'],
    trims: [trim('Active', 30000, 31600), trim('ST-Line', 32500, 34100), trim('ST-Line Elite', 38500, 40100, { ...hybrid(I4('2.5', ' Hybrid'), [42, 36]), drivetrain: 'AWD' }), trim('Platinum', 38500, 40100, { engine: I4('2.0', ' EcoBoost'), drivetrain: 'AWD', mpg: [23, 31] })],
  },
  {
    make: 'Ford', model: 'Bronco', bodyStyle: 'suv', years: [2021, null], wmi: '1FM', plant: 'E', seats: 5, popularity: 4, retention: 1.15,
    engine: I4('2.3', ' EcoBoost'), transmission: AUTO(10), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [20, 21],
    features: ['Removable doors and roof', 'G.O.A.T. terrain modes', 'Skid plates'],
    trims: [trim('Big Bend', 42000, 44000), trim('Black Diamond', 45000, 47000), trim('Outer Banks', 50000, 52000), trim('Badlands', 52000, 55000, { engine: '2.7L V6 EcoBoost', mpg: [17, 17] }), trim('Raptor', 90000, 92000, { engine: '3.0L V6 EcoBoost', mpg: [15, 16] })],
  },
  {
    make: 'Ford', model: 'Maverick', bodyStyle: 'truck', years: [2022, null], wmi: '3FT', plant: 'R', seats: 5, popularity: 4, retention: 1.2,
    engine: I4('2.5', ' Hybrid'), transmission: 'eCVT', drivetrain: 'FWD', fuelType: 'Hybrid', mpg: [42, 36],
    features: ['FLEXBED system', 'Bed power outlets'],
    trims: [trim('XL', 28000, 29000), trim('XLT', 30500, 32000), trim('Lariat', 37500, 39000), trim('Tremor', 38000, 39500, { engine: I4('2.0', ' EcoBoost'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [22, 28] })],
  },
  {
    make: 'Ford', model: 'Mustang Mach-E', bodyStyle: 'suv', years: [2021, null], wmi: '3FM', plant: 'M', seats: 5, popularity: 2, retention: 0.8,
    ...electric(EV_SINGLE, 'RWD'),
    features: ['BlueCruise hands-free driving', 'Phone as a key', 'Frunk'],
    trims: [trim('Select', 39000, 41000), trim('Premium', 47000, 49000, { engine: EV_DUAL, drivetrain: 'AWD' }), trim('GT', 55000, 57000, { engine: EV_DUAL, drivetrain: 'AWD' })],
  },
  {
    make: 'Ford', model: 'Expedition', bodyStyle: 'suv', years: [1997, null], wmi: '1FM', plant: 'J', seats: 8, popularity: 2, retention: 0.95,
    engine: '3.5L V6 EcoBoost', transmission: AUTO(10), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [16, 22],
    legacy: { until: 2014, engine: '5.4L V8', transmission: AUTO(6), mpg: [13, 18] },
    features: ['Third-row seating', 'Tow package', 'Panoramic sunroof'],
    trims: [trim('Active', 63000, 65000), trim('Tremor', 78000, 80000), trim('King Ranch', 79000, 81000), trim('Platinum', 80000, 82000)],
  },
  {
    make: 'Ford', model: 'Ranger', bodyStyle: 'truck', years: [2019, null], wmi: '1FT', plant: 'L', seats: 5, popularity: 3, retention: 1.05,
    engine: I4('2.3', ' EcoBoost'), transmission: AUTO(10), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [20, 25],
    features: ['Bed liner', 'Tow hitch receiver'],
    trims: [trim('XL', 33000, 34600), trim('XLT', 37000, 39000), trim('Lariat', 47000, 49000, { engine: '2.7L V6 EcoBoost', mpg: [18, 23] }), trim('Raptor', 57000, 59000, { engine: '3.0L V6 EcoBoost', mpg: [15, 18] })],
  },

  // Chevrolet
  {
    make: 'Chevrolet', model: 'Silverado 1500', bodyStyle: 'truck', years: [1999, null], wmi: '1GC', plant: 'Z', seats: 6, popularity: 9, retention: 1.05,
    engine: '5.3L V8', transmission: AUTO(10), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [16, 20],
    legacy: { until: 2018, transmission: AUTO(6), mpg: [15, 21] },
    features: ['Multi-Flex tailgate', 'Trailering package', 'Bed liner'],
    trims: [
      trim('WT', 38000, 41000, { engine: I4('2.7', ' Turbo'), mpg: [18, 22] }), trim('Custom', 44000, 46000, { engine: I4('2.7', ' Turbo'), mpg: [18, 22] }),
      trim('LT', 50000, 54000), trim('RST', 55000, 58000), trim('LTZ', 62000, 65000), trim('High Country', 68000, 72000, { engine: '6.2L V8', mpg: [15, 20] }),
      trim('ZR2', 71000, 73000, { engine: '6.2L V8', mpg: [14, 17], seats: 5 }), trim('LT Duramax', 56000, 59000, { engine: '3.0L I6 Turbo Diesel', fuelType: 'Diesel', mpg: [23, 29] }),
    ],
  },
  {
    make: 'Chevrolet', model: 'Equinox', bodyStyle: 'suv', years: [2005, null], wmi: '3GN', plant: 'L', seats: 5, popularity: 6, retention: 0.95,
    engine: I4('1.5', ' Turbo'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [26, 31],
    legacy: { until: 2024, transmission: AUTO(6), mpg: [26, 31] },
    features: ['Chevy Safety Assist', 'Wi-Fi hotspot'],
    trims: [trim('LT', 30500, 32000), trim('RS', 33000, 34600, { drivetrain: 'AWD', transmission: AUTO(8), mpg: [24, 29] }), trim('ACTIV', 34000, 35600, { drivetrain: 'AWD', transmission: AUTO(8), mpg: [24, 29] }), trim('EV 2LT', 35000, 37000, electric(EV_SINGLE, 'FWD'))],
  },
  {
    make: 'Chevrolet', model: 'Malibu', bodyStyle: 'sedan', years: [1997, 2025], wmi: '1G1', plant: 'F', seats: 5, popularity: 3, retention: 0.85,
    engine: I4('1.5', ' Turbo'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [28, 34],
    legacy: { until: 2015, engine: I4('2.5'), transmission: AUTO(6), mpg: [22, 33] },
    features: ['Chevy Safety Assist', 'Wi-Fi hotspot'],
    trims: [trim('LS', 25000, 26000), trim('RS', 26500, 27500), trim('LT', 27500, 28600), trim('2LT', 31000, 32100)],
  },
  {
    make: 'Chevrolet', model: 'Tahoe', bodyStyle: 'suv', years: [1995, null], wmi: '1GN', plant: 'R', seats: 8, popularity: 4, retention: 1.05,
    engine: '5.3L V8', transmission: AUTO(10), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [15, 20],
    legacy: { until: 2020, transmission: AUTO(6), mpg: [15, 22] },
    features: ['Third-row seating', 'Trailering package', 'Power-folding third row'],
    trims: [trim('LS', 58000, 60000), trim('LT', 64000, 66000), trim('RST', 68000, 70000), trim('Z71', 70000, 72000), trim('Premier', 75000, 78000), trim('High Country', 80000, 84000, { engine: '6.2L V8', mpg: [14, 19] })],
  },
  {
    make: 'Chevrolet', model: 'Corvette', bodyStyle: 'coupe', years: [1981, null], wmi: '1G1', plant: '5', seats: 2, popularity: 1.5, retention: 1.1, collectible: true,
    engine: '6.2L V8', transmission: DCT(8), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [16, 24],
    legacy: { until: 2019, transmission: AUTO(8), mpg: [15, 25] },
    features: ['Magnetic Ride Control', 'Performance exhaust', 'Removable roof panel'],
    trims: [
      trim('Stingray 1LT', 70000, 71600), trim('Stingray 2LT', 78000, 80000), trim('Stingray 3LT Convertible', 90000, 92000, { bodyStyle: 'convertible' }),
      trim('E-Ray', 106000, 110000, { engine: '6.2L V8 Hybrid', drivetrain: 'AWD', fuelType: 'Hybrid', mpg: [16, 24] }), trim('Z06', 115000, 120000, { engine: '5.5L V8', mpg: [12, 19] }),
    ],
  },
  {
    make: 'Chevrolet', model: 'Traverse', bodyStyle: 'suv', years: [2009, null], wmi: '1GN', plant: 'J', seats: 8, popularity: 4, retention: 0.95,
    engine: I4('2.5', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [18, 24],
    legacy: { until: 2023, engine: '3.6L V6', transmission: AUTO(9), mpg: [18, 27] },
    features: ['Third-row seating', 'Chevy Safety Assist'],
    trims: [trim('LT', 42000, 44000, { drivetrain: 'FWD', mpg: [20, 27] }), trim('Z71', 48000, 50000), trim('RS', 54000, 56000)],
  },
  {
    make: 'Chevrolet', model: 'Colorado', bodyStyle: 'truck', years: [2004, null], wmi: '1GC', plant: '1', seats: 5, popularity: 3, retention: 1.05,
    engine: I4('2.7', ' Turbo'), transmission: AUTO(8), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [18, 23],
    legacy: { until: 2022, engine: '3.6L V6', mpg: [17, 24] },
    features: ['Bed liner', 'Tow hitch receiver'],
    trims: [trim('WT', 31500, 33000, { drivetrain: 'RWD', mpg: [19, 25] }), trim('LT', 35500, 37000), trim('Trail Boss', 40500, 42000), trim('Z71', 44000, 46000), trim('ZR2', 49000, 51000, { mpg: [16, 18] })],
  },
  {
    make: 'Chevrolet', model: 'Trax', bodyStyle: 'suv', years: [2015, null], wmi: 'KL7', plant: 'B', seats: 5, popularity: 4, retention: 0.95,
    engine: '1.2L I3 Turbo', transmission: AUTO(6), drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [28, 32],
    legacy: { until: 2023, engine: I4('1.4', ' Turbo'), mpg: [26, 31] },
    features: ['Chevy Safety Assist'],
    trims: [trim('LS', 21500, 22500), trim('1RS', 23500, 24500), trim('LT', 23500, 24500), trim('2RS', 25000, 26000), trim('ACTIV', 25000, 26000)],
  },
  {
    make: 'Chevrolet', model: 'Bolt EV', bodyStyle: 'hatchback', years: [2017, 2023], wmi: '1G1', plant: '4', seats: 5, popularity: 1.5, retention: 0.75,
    ...electric(EV_SINGLE, 'FWD'),
    features: ['DC fast charging', 'Regen on Demand'],
    trims: [trim('1LT', 27500, 28500), trim('2LT', 31500, 32500)],
  },
  {
    make: 'Chevrolet', model: 'Blazer EV', bodyStyle: 'suv', years: [2024, null], wmi: '3GN', plant: 'R', seats: 5, popularity: 1.5, retention: 0.75,
    ...electric(),
    features: ['DC fast charging', 'Super Cruise ready', 'One-pedal driving'],
    trims: [trim('LT', 45000, 47000), trim('RS', 50000, 53000), trim('SS', 60000, 62000)],
  },
  {
    make: 'Chevrolet', model: 'Camaro', bodyStyle: 'coupe', years: [2010, 2024], wmi: '1G1', plant: '0', seats: 4, popularity: 1.5, retention: 1.0, collectible: true,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [22, 30],
    legacy: { until: 2015, engine: '3.6L V6', transmission: AUTO(6), mpg: [19, 28] },
    features: ['Launch control', 'Performance exhaust'],
    trims: [trim('1LT', 30000, 31600), trim('2SS', 43000, 45000, { engine: '6.2L V8', transmission: MANUAL(6), mpg: [16, 24] }), trim('2SS Convertible', 49000, 51000, { engine: '6.2L V8', mpg: [16, 26], bodyStyle: 'convertible' }), trim('ZL1', 70000, 72000, { engine: '6.2L V8 Supercharged', mpg: [13, 21] })],
  },

  // Tesla
  {
    make: 'Tesla', model: 'Model 3', bodyStyle: 'sedan', years: [2017, null], wmi: '5YJ', plant: 'F', seats: 5, popularity: 5, retention: 0.8,
    ...electric(EV_SINGLE, 'RWD'),
    features: ['Autopilot', 'Glass roof', '15-inch touchscreen', 'Over-the-air updates'],
    trims: [trim('Standard', 37000, 38000), trim('Premium', 42500, 43500), trim('Premium All-Wheel Drive', 48000, 49000, { engine: EV_DUAL, drivetrain: 'AWD' }), trim('Performance', 55000, 56000, { engine: EV_DUAL, drivetrain: 'AWD' })],
  },
  {
    make: 'Tesla', model: 'Model Y', bodyStyle: 'suv', years: [2020, null], wmi: '7SA', plant: 'A', seats: 5, popularity: 6, retention: 0.8,
    ...electric(EV_SINGLE, 'RWD'),
    features: ['Autopilot', 'Glass roof', 'Power liftgate', 'Over-the-air updates'],
    trims: [trim('Standard', 40000, 41000), trim('Premium', 45000, 46000), trim('Premium All-Wheel Drive', 49000, 50000, { engine: EV_DUAL, drivetrain: 'AWD' }), trim('Performance', 57000, 58000, { engine: EV_DUAL, drivetrain: 'AWD' })],
  },
  {
    make: 'Tesla', model: 'Model S', bodyStyle: 'sedan', years: [2012, null], wmi: '5YJ', plant: 'F', seats: 5, popularity: 1, retention: 0.7,
    ...electric(),
    features: ['Autopilot', 'Glass roof', 'Premium audio', 'Over-the-air updates'],
    trims: [trim('All-Wheel Drive', 85000, 87000), trim('Plaid', 100000, 102000, { engine: 'Tri electric motors' })],
  },
  {
    make: 'Tesla', model: 'Model X', bodyStyle: 'suv', years: [2016, null], wmi: '7SA', plant: 'F', seats: 6, popularity: 1, retention: 0.7,
    ...electric(),
    features: ['Falcon-wing doors', 'Autopilot', 'Third-row seating', 'Over-the-air updates'],
    trims: [trim('All-Wheel Drive', 90000, 92000), trim('Plaid', 105000, 107000, { engine: 'Tri electric motors' })],
  },
  {
    make: 'Tesla', model: 'Cybertruck', bodyStyle: 'truck', years: [2024, null], wmi: '7G2', plant: 'A', seats: 5, popularity: 1, retention: 0.75,
    ...electric(),
    features: ['Powered tonneau cover', 'Steer-by-wire', 'Bed power outlets', 'Autopilot'],
    trims: [trim('All-Wheel Drive', 80000, 82000), trim('Cyberbeast', 100000, 102000, { engine: 'Tri electric motors' })],
  },

  // Subaru
  {
    make: 'Subaru', model: 'Outback', bodyStyle: 'wagon', years: [1995, null], wmi: '4S4', plant: '3', seats: 5, popularity: 5, retention: 1.1,
    engine: '2.5L H4', transmission: 'CVT', drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [26, 32],
    features: ['EyeSight driver assist', 'Symmetrical all-wheel drive', 'Roof rails'],
    trims: [trim('Premium', 30500, 32100), trim('Limited', 37500, 39100), trim('Wilderness', 40500, 42100, { engine: '2.4L H4 Turbo', mpg: [22, 26] }), trim('Touring', 42000, 43600)],
  },
  {
    make: 'Subaru', model: 'Forester', bodyStyle: 'suv', years: [1998, null], wmi: 'JF2', plant: 'H', seats: 5, popularity: 5, retention: 1.1,
    engine: '2.5L H4', transmission: 'CVT', drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [25, 33],
    features: ['EyeSight driver assist', 'Symmetrical all-wheel drive', 'X-MODE'],
    trims: [trim('Base', 30000, 31000), trim('Premium', 32500, 33600), trim('Sport', 34500, 35600), trim('Limited', 37000, 38600), trim('Touring', 40500, 41600), trim('Hybrid Sport', 36500, 37600, hybrid('2.5L H4 Hybrid', [35, 34]))],
  },
  {
    make: 'Subaru', model: 'Crosstrek', bodyStyle: 'suv', years: [2013, null], wmi: 'JF2', plant: 'G', seats: 5, popularity: 5, retention: 1.1,
    engine: '2.0L H4', transmission: 'CVT', drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [27, 34],
    features: ['EyeSight driver assist', 'Symmetrical all-wheel drive', 'Roof rails'],
    trims: [trim('Base', 26500, 27500), trim('Premium', 28000, 29000), trim('Sport', 31000, 32500, { engine: '2.5L H4', mpg: [26, 33] }), trim('Limited', 33000, 34000, { engine: '2.5L H4', mpg: [26, 33] }), trim('Wilderness', 33500, 34500, { engine: '2.5L H4', mpg: [25, 29] })],
  },
  {
    make: 'Subaru', model: 'WRX', bodyStyle: 'sedan', years: [2015, null], wmi: 'JF1', plant: '8', seats: 5, popularity: 1.5, retention: 1.1, collectible: true,
    engine: '2.4L H4 Turbo', transmission: MANUAL(6), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [19, 26],
    legacy: { until: 2021, engine: '2.0L H4 Turbo', mpg: [21, 27] },
    features: ['Symmetrical all-wheel drive', 'Sport-tuned suspension'],
    trims: [trim('Base', 33000, 34000), trim('Premium', 36000, 37000), trim('Limited', 40000, 41000), trim('tS', 45000, 46000)],
  },
  {
    make: 'Subaru', model: 'Ascent', bodyStyle: 'suv', years: [2019, null], wmi: '4S4', plant: '3', seats: 8, popularity: 2, retention: 1.0,
    engine: '2.4L H4 Turbo', transmission: 'CVT', drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [20, 26],
    features: ['Third-row seating', 'EyeSight driver assist', 'Symmetrical all-wheel drive'],
    trims: [trim('Premium', 39000, 40600), trim('Onyx Edition', 43000, 44600), trim('Limited', 45500, 47100), trim('Touring', 49500, 51100)],
  },
  {
    make: 'Subaru', model: 'BRZ', bodyStyle: 'coupe', years: [2013, null], wmi: 'JF1', plant: '9', seats: 4, popularity: 0.8, retention: 1.1, collectible: true,
    engine: '2.4L H4', transmission: MANUAL(6), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [20, 27],
    legacy: { until: 2020, engine: '2.0L H4', mpg: [21, 29] },
    features: ['Limited-slip differential', 'Track mode'],
    trims: [trim('Premium', 31000, 32000), trim('Limited', 34000, 35000), trim('tS', 36000, 37000)],
  },

  // Hyundai
  {
    make: 'Hyundai', model: 'Elantra', bodyStyle: 'sedan', years: [1992, null], wmi: '5NP', plant: 'U', seats: 5, popularity: 5, retention: 0.95,
    engine: I4('2.0'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [32, 41],
    features: ['Hyundai SmartSense', 'Digital key'],
    trims: [trim('SE', 22500, 23500), trim('SEL', 24000, 25000), trim('Limited', 28000, 29000), trim('N Line', 29000, 30000, { engine: I4('1.6', ' Turbo'), transmission: DCT(7), mpg: [28, 36] }), trim('Hybrid Blue', 26500, 27500, hybrid(I4('1.6', ' Hybrid'), [53, 56], DCT(6)))],
  },
  {
    make: 'Hyundai', model: 'Sonata', bodyStyle: 'sedan', years: [1989, null], wmi: 'KMH', plant: 'A', seats: 5, popularity: 3, retention: 0.9,
    engine: I4('2.5'), transmission: AUTO(8), drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [27, 37],
    features: ['Hyundai SmartSense', 'Digital key'],
    trims: [trim('SE', 28000, 29000), trim('SEL', 30000, 31000), trim('N Line', 35000, 36000, { engine: I4('2.5', ' Turbo'), mpg: [23, 33] }), trim('Limited', 36000, 37600), trim('Hybrid SEL', 32000, 33000, hybrid(I4('2.0', ' Hybrid'), [46, 51], AUTO(6)))],
  },
  {
    make: 'Hyundai', model: 'Tucson', bodyStyle: 'suv', years: [2005, null], wmi: 'KM8', plant: 'U', seats: 5, popularity: 6, retention: 0.95,
    engine: I4('2.5'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [24, 29],
    features: ['Hyundai SmartSense', 'Remote smart parking assist'],
    trims: [trim('SE', 29500, 30600, { drivetrain: 'FWD', mpg: [25, 32] }), trim('SEL', 31500, 33100), trim('XRT', 35000, 36100), trim('Limited', 38500, 40100), trim('Hybrid Blend', 34500, 35600, hybrid(I4('1.6', ' Turbo Hybrid'), [38, 38], AUTO(6)))],
  },
  {
    make: 'Hyundai', model: 'Santa Fe', bodyStyle: 'suv', years: [2001, null], wmi: '5NM', plant: 'H', seats: 7, popularity: 4, retention: 0.95,
    engine: I4('2.5', ' Turbo'), transmission: DCT(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [20, 28],
    legacy: { until: 2023, engine: I4('2.5'), transmission: AUTO(8), mpg: [25, 28] },
    features: ['Third-row seating', 'Hyundai SmartSense'],
    trims: [trim('SE', 34500, 35600), trim('SEL', 37000, 38100), trim('XRT', 41000, 42100), trim('Limited', 45000, 46600), trim('Calligraphy', 48500, 50100)],
  },
  {
    make: 'Hyundai', model: 'Palisade', bodyStyle: 'suv', years: [2020, null], wmi: 'KM8', plant: 'R', seats: 8, popularity: 3, retention: 1.0,
    engine: '3.5L V6', transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [19, 24],
    legacy: { until: 2025, engine: '3.8L V6', mpg: [19, 24] },
    features: ['Third-row seating', 'Hyundai SmartSense', 'Highway Driving Assist'],
    trims: [trim('SE', 39500, 41000), trim('SEL', 43500, 45000), trim('XRT Pro', 50000, 52000), trim('Limited', 52000, 54000), trim('Calligraphy', 55000, 57000)],
  },
  {
    make: 'Hyundai', model: 'Ioniq 5', bodyStyle: 'suv', years: [2022, null], wmi: 'KM8', plant: 'K', seats: 5, popularity: 2, retention: 0.75,
    ...electric(EV_SINGLE, 'RWD'),
    features: ['800-volt ultra-fast charging', 'Vehicle-to-load outlet', 'Highway Driving Assist'],
    trims: [trim('SE Standard Range', 43000, 44000), trim('SE', 46500, 47500), trim('SEL', 49500, 50500), trim('XRT', 53000, 54000, { engine: EV_DUAL, drivetrain: 'AWD' }), trim('Limited', 57000, 58600, { engine: EV_DUAL, drivetrain: 'AWD' })],
  },

  // Kia
  {
    make: 'Kia', model: 'Telluride', bodyStyle: 'suv', years: [2020, null], wmi: '5XY', plant: 'G', seats: 8, popularity: 5, retention: 1.1,
    engine: '3.8L V6', transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [18, 23],
    features: ['Third-row seating', 'Highway Driving Assist', 'Captain\'s chairs'],
    trims: [trim('LX', 37000, 38600, { drivetrain: 'FWD', mpg: [20, 26] }), trim('S', 40500, 42100), trim('EX', 43500, 45100), trim('SX', 48500, 50100), trim('SX X-Pro', 53000, 55000)],
  },
  {
    make: 'Kia', model: 'Sportage', bodyStyle: 'suv', years: [1995, null], wmi: '5XY', plant: 'U', seats: 5, popularity: 5, retention: 0.95,
    engine: I4('2.5'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [23, 28],
    legacy: { until: 2022, engine: I4('2.4'), transmission: AUTO(6), mpg: [22, 26] },
    features: ['Kia Drive Wise', 'Dual panoramic displays'],
    trims: [trim('LX', 28500, 29600, { drivetrain: 'FWD', mpg: [25, 32] }), trim('EX', 31000, 32100), trim('X-Line', 35000, 36100), trim('SX Prestige', 37500, 38600), trim('X-Pro', 38500, 39600), trim('Hybrid EX', 33500, 34600, hybrid(I4('1.6', ' Turbo Hybrid'), [42, 44], AUTO(6)))],
  },
  {
    make: 'Kia', model: 'Sorento', bodyStyle: 'suv', years: [2003, null], wmi: '5XY', plant: 'G', seats: 7, popularity: 3, retention: 0.95,
    engine: I4('2.5'), transmission: DCT(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [22, 29],
    legacy: { until: 2020, engine: '3.3L V6', transmission: AUTO(8), mpg: [18, 24] },
    features: ['Third-row seating', 'Kia Drive Wise'],
    trims: [trim('LX', 32000, 33100, { transmission: AUTO(8), drivetrain: 'FWD', mpg: [24, 29] }), trim('S', 35500, 36600), trim('EX', 39000, 40100), trim('SX Prestige', 45000, 46600, { engine: I4('2.5', ' Turbo'), mpg: [21, 28] }), trim('X-Pro', 47500, 48600, { engine: I4('2.5', ' Turbo'), mpg: [21, 28] })],
  },
  {
    make: 'Kia', model: 'Forte', bodyStyle: 'sedan', years: [2010, 2024], wmi: '3KP', plant: '5', seats: 5, popularity: 3, retention: 0.9,
    engine: I4('2.0'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [30, 41],
    legacy: { until: 2018, transmission: AUTO(6), mpg: [25, 36] },
    features: ['Kia Drive Wise'],
    trims: [trim('LXS', 21000, 22000), trim('GT-Line', 23500, 24500), trim('GT', 25500, 26500, { engine: I4('1.6', ' Turbo'), transmission: DCT(7), mpg: [27, 35] })],
  },
  {
    make: 'Kia', model: 'K4', bodyStyle: 'sedan', years: [2025, null], wmi: '3KP', plant: '5', seats: 5, popularity: 3, retention: 0.95,
    engine: I4('2.0'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [30, 40],
    features: ['Kia Drive Wise', 'Dual panoramic displays'],
    trims: [trim('LX', 22500, 23500), trim('EX', 24500, 25500), trim('GT-Line', 25500, 26500), trim('GT-Line Turbo', 29000, 30000, { engine: I4('1.6', ' Turbo'), transmission: AUTO(8), mpg: [27, 36] }), trim('Hatchback GT-Line', 26000, 27000, { bodyStyle: 'hatchback' })],
  },
  {
    make: 'Kia', model: 'Carnival', bodyStyle: 'minivan', years: [2022, null], wmi: 'KND', plant: '6', seats: 8, popularity: 2, retention: 1.0,
    engine: '3.5L V6', transmission: AUTO(8), drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [19, 26],
    features: ['Power sliding doors', 'Third-row seating', 'Rear-seat entertainment'],
    trims: [trim('LX', 37500, 38600), trim('EX', 42000, 43100), trim('SX', 46500, 48100), trim('SX Prestige', 51500, 53100), trim('Hybrid SX', 49500, 51000, hybrid(I4('1.6', ' Turbo Hybrid'), [33, 32], AUTO(6)))],
  },
  {
    make: 'Kia', model: 'EV6', bodyStyle: 'suv', years: [2022, null], wmi: 'KND', plant: '6', seats: 5, popularity: 1.5, retention: 0.75,
    ...electric(EV_SINGLE, 'RWD'),
    features: ['800-volt ultra-fast charging', 'Vehicle-to-load outlet', 'Augmented-reality head-up display'],
    trims: [trim('Light', 43000, 44000), trim('Wind', 49000, 50000, { engine: EV_DUAL, drivetrain: 'AWD' }), trim('GT-Line', 54000, 55000, { engine: EV_DUAL, drivetrain: 'AWD' }), trim('GT', 63000, 64600, { engine: EV_DUAL, drivetrain: 'AWD' })],
  },
  {
    make: 'Kia', model: 'Soul', bodyStyle: 'hatchback', years: [2010, 2025], wmi: 'KND', plant: '7', seats: 5, popularity: 2, retention: 0.9,
    engine: I4('2.0'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [28, 33],
    legacy: { until: 2019, engine: I4('1.6'), transmission: AUTO(6), mpg: [25, 30] },
    features: ['Kia Drive Wise'],
    trims: [trim('LX', 21000, 22000), trim('S', 23500, 24500), trim('GT-Line', 24000, 25000), trim('EX', 25000, 26000)],
  },

  // Nissan
  {
    make: 'Nissan', model: 'Altima', bodyStyle: 'sedan', years: [1993, null], wmi: '1N4', plant: 'C', seats: 5, popularity: 4, retention: 0.85,
    engine: I4('2.5'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [27, 39],
    features: ['Safety Shield 360', 'ProPILOT Assist'],
    trims: [trim('S', 27500, 28600), trim('SV', 29000, 30600), trim('SR', 30000, 31600, { drivetrain: 'AWD', mpg: [26, 36] }), trim('SL', 33500, 35100)],
  },
  {
    make: 'Nissan', model: 'Rogue', bodyStyle: 'suv', years: [2008, null], wmi: '5N1', plant: 'C', seats: 5, popularity: 6, retention: 0.9,
    engine: '1.5L I3 Turbo', transmission: 'CVT', drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [28, 35],
    legacy: { until: 2021, engine: I4('2.5'), mpg: [25, 32] },
    features: ['Safety Shield 360', 'ProPILOT Assist'],
    trims: [trim('S', 30500, 31600, { drivetrain: 'FWD', mpg: [30, 37] }), trim('SV', 32500, 33600), trim('Rock Creek', 36000, 37100), trim('SL', 37500, 38600), trim('Platinum', 42500, 43600)],
  },
  {
    make: 'Nissan', model: 'Frontier', bodyStyle: 'truck', years: [1998, null], wmi: '1N6', plant: 'N', seats: 5, popularity: 3, retention: 1.0,
    engine: '3.8L V6', transmission: AUTO(9), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [17, 21],
    legacy: { until: 2019, engine: '4.0L V6', transmission: AUTO(5), mpg: [15, 20] },
    features: ['Bed liner', 'Utili-track channel system'],
    trims: [trim('S', 32000, 33100, { drivetrain: 'RWD', mpg: [18, 24] }), trim('SV', 36000, 37600), trim('PRO-X', 41000, 42100, { drivetrain: 'RWD', mpg: [18, 24] }), trim('PRO-4X', 43000, 44600)],
  },
  {
    make: 'Nissan', model: 'Pathfinder', bodyStyle: 'suv', years: [1987, null], wmi: '5N1', plant: 'C', seats: 8, popularity: 3, retention: 0.9,
    engine: '3.5L V6', transmission: AUTO(9), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [20, 25],
    legacy: { until: 2021, transmission: 'CVT', mpg: [19, 26] },
    features: ['Third-row seating', 'ProPILOT Assist'],
    trims: [trim('S', 37000, 38600, { drivetrain: 'FWD', mpg: [21, 27] }), trim('SV', 41000, 42600), trim('Rock Creek', 44000, 45100), trim('SL', 45500, 47100), trim('Platinum', 51000, 52600)],
  },
  {
    make: 'Nissan', model: 'Sentra', bodyStyle: 'sedan', years: [1982, null], wmi: '3N1', plant: 'L', seats: 5, popularity: 4, retention: 0.85,
    engine: I4('2.0'), transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [30, 40],
    legacy: { until: 2019, engine: I4('1.8'), mpg: [29, 37] },
    features: ['Safety Shield 360'],
    trims: [trim('S', 22000, 23000), trim('SV', 23500, 24500), trim('SR', 26000, 27000), trim('SL', 26500, 27500)],
  },
  {
    make: 'Nissan', model: 'Z', bodyStyle: 'coupe', years: [2023, null], wmi: 'JN1', plant: 'M', seats: 2, popularity: 0.8, retention: 1.05, collectible: true,
    engine: '3.0L V6 Twin-Turbo', transmission: MANUAL(6), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [18, 24],
    features: ['Launch control', 'Limited-slip differential'],
    trims: [trim('Sport', 43000, 44000), trim('Performance', 53000, 54600), trim('NISMO', 66000, 67600, { transmission: AUTO(9), mpg: [17, 24] })],
  },

  // Jeep
  {
    make: 'Jeep', model: 'Wrangler', bodyStyle: 'suv', years: [1987, null], wmi: '1C4', plant: 'W', seats: 5, popularity: 6, retention: 1.2, collectible: true,
    engine: '3.6L V6', transmission: AUTO(8), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [17, 24],
    legacy: { until: 2017, transmission: AUTO(5), mpg: [16, 20] },
    features: ['Removable doors and roof', 'Trail Rated', 'Skid plates'],
    trims: [
      trim('Sport', 33000, 35000), trim('Sport S', 37500, 39100), trim('Willys', 42000, 44000), trim('Sahara', 48000, 50000), trim('Rubicon', 50500, 52500),
      trim('Rubicon 392', 80000, 85000, { engine: '6.4L V8', mpg: [13, 17] }), trim('Sahara 4xe', 52000, 54000, plugIn(I4('2.0', ' Turbo Plug-in Hybrid'), [20, 20], AUTO(8))),
    ],
  },
  {
    make: 'Jeep', model: 'Grand Cherokee', bodyStyle: 'suv', years: [1993, null], wmi: '1C4', plant: 'R', seats: 5, popularity: 5, retention: 0.95,
    engine: '3.6L V6', transmission: AUTO(8), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [19, 26],
    features: ['Quadra-Trac II 4x4', 'Uconnect 5'],
    trims: [trim('Laredo', 38000, 40000), trim('Limited', 46000, 48000), trim('Overland', 57000, 59000), trim('Summit', 64000, 66000), trim('Trailhawk 4xe', 62000, 64000, plugIn(I4('2.0', ' Turbo Plug-in Hybrid'), [23, 23], AUTO(8)))],
  },
  {
    make: 'Jeep', model: 'Cherokee', bodyStyle: 'suv', years: [2014, 2023], wmi: '1C4', plant: 'P', seats: 5, popularity: 2, retention: 0.85,
    engine: I4('2.4'), transmission: AUTO(9), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [22, 29],
    features: ['Uconnect 4', 'Active Drive 4x4'],
    trims: [trim('Latitude', 30000, 32000), trim('Limited', 35000, 37000), trim('Trailhawk', 37000, 39000, { engine: '3.2L V6', mpg: [19, 26] })],
  },
  {
    make: 'Jeep', model: 'Compass', bodyStyle: 'suv', years: [2007, null], wmi: '3C4', plant: 'N', seats: 5, popularity: 3, retention: 0.85,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [23, 31],
    legacy: { until: 2022, engine: I4('2.4'), transmission: AUTO(9), mpg: [22, 30] },
    features: ['Uconnect 5', 'Jeep Active Drive'],
    trims: [trim('Sport', 27000, 28600), trim('Latitude', 30000, 31600), trim('Limited', 33500, 35100), trim('Trailhawk', 34500, 36100)],
  },
  {
    make: 'Jeep', model: 'Gladiator', bodyStyle: 'truck', years: [2020, null], wmi: '1C6', plant: 'W', seats: 5, popularity: 2, retention: 1.1,
    engine: '3.6L V6', transmission: AUTO(8), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [16, 23],
    features: ['Removable doors and roof', 'Trail Rated', 'Bed liner'],
    trims: [trim('Sport', 39000, 41000), trim('Sport S', 43000, 45000), trim('Rubicon', 52000, 54000), trim('Mojave', 53000, 55000)],
  },

  // Ram and GMC trucks
  {
    make: 'Ram', model: '1500', bodyStyle: 'truck', years: [2011, null], wmi: '1C6', plant: 'N', seats: 6, popularity: 7, retention: 0.95,
    engine: '3.0L I6 Twin-Turbo', transmission: AUTO(8), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [17, 24],
    legacy: { until: 2024, engine: '5.7L V8 HEMI', mpg: [17, 22] },
    features: ['Multifunction tailgate', 'RamBox cargo management', 'Air suspension'],
    trims: [trim('Tradesman', 41000, 43000), trim('Big Horn', 47000, 50000), trim('Laramie', 58000, 62000), trim('Rebel', 60000, 63000), trim('Limited', 71000, 74000), trim('RHO', 72000, 75000, { engine: '3.0L I6 High-Output Twin-Turbo', mpg: [14, 18], seats: 5 })],
  },
  {
    make: 'Ram', model: '2500', bodyStyle: 'truck', years: [2011, null], wmi: '3C6', plant: 'G', seats: 6, popularity: 3, retention: 1.05,
    engine: '6.7L I6 Turbo Diesel', transmission: AUTO(8), drivetrain: '4WD', fuelType: 'Diesel', mpg: null,
    features: ['Fifth-wheel prep package', 'Trailer brake controller', 'Exhaust brake'],
    trims: [trim('Tradesman', 47000, 49000, { engine: '6.4L V8 HEMI', fuelType: 'Gasoline' }), trim('Big Horn', 52000, 55000), trim('Laramie', 64000, 67000), trim('Power Wagon', 72000, 74000, { engine: '6.4L V8 HEMI', fuelType: 'Gasoline' }), trim('Limited', 82000, 85000)],
  },
  {
    make: 'GMC', model: 'Sierra 1500', bodyStyle: 'truck', years: [1999, null], wmi: '3GT', plant: 'G', seats: 6, popularity: 5, retention: 1.05,
    engine: '5.3L V8', transmission: AUTO(10), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [16, 20],
    legacy: { until: 2018, transmission: AUTO(6), mpg: [16, 22] },
    features: ['MultiPro tailgate', 'ProGrade trailering system', 'Bed liner'],
    trims: [trim('Pro', 41000, 43000, { engine: I4('2.7', ' Turbo'), mpg: [18, 22] }), trim('SLE', 53000, 55000), trim('Elevation', 55000, 57000), trim('SLT', 62000, 64000), trim('AT4', 68000, 70000), trim('Denali', 72000, 75000, { engine: '6.2L V8', mpg: [15, 20] })],
  },
  {
    make: 'GMC', model: 'Yukon', bodyStyle: 'suv', years: [1992, null], wmi: '1GK', plant: 'R', seats: 8, popularity: 3, retention: 1.0,
    engine: '5.3L V8', transmission: AUTO(10), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [15, 20],
    legacy: { until: 2020, transmission: AUTO(6), mpg: [15, 22] },
    features: ['Third-row seating', 'Magnetic Ride Control', 'Trailering package'],
    trims: [trim('SLE', 64000, 66000), trim('SLT', 70000, 73000), trim('AT4', 76000, 78000), trim('Denali', 80000, 83000, { engine: '6.2L V8', mpg: [14, 19] })],
  },
  {
    make: 'GMC', model: 'Acadia', bodyStyle: 'suv', years: [2007, null], wmi: '1GK', plant: 'L', seats: 7, popularity: 3, retention: 0.95,
    engine: I4('2.5', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [19, 25],
    legacy: { until: 2023, engine: '3.6L V6', transmission: AUTO(9), mpg: [18, 25] },
    features: ['Third-row seating', 'Wireless phone charging'],
    trims: [trim('Elevation', 44000, 46000), trim('AT4', 50000, 52000), trim('Denali', 55000, 57000)],
  },

  // BMW
  {
    make: 'BMW', model: '3 Series', bodyStyle: 'sedan', years: [1981, null], wmi: '3MW', plant: '8', seats: 5, popularity: 4, retention: 0.85,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [26, 36],
    features: ['iDrive 8.5', 'Parking Assistant', 'Live Cockpit Professional'],
    trims: [trim('330i', 46000, 48000), trim('330i xDrive', 48000, 50000, { drivetrain: 'AWD', mpg: [25, 34] }), trim('M340i', 59000, 61000, { engine: '3.0L I6 Turbo', mpg: [23, 31] }), trim('M3', 78000, 82000, { engine: '3.0L I6 Twin-Turbo', transmission: MANUAL(6), mpg: [16, 23] })],
  },
  {
    make: 'BMW', model: '5 Series', bodyStyle: 'sedan', years: [1981, null], wmi: 'WBA', plant: 'W', seats: 5, popularity: 2, retention: 0.8,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [27, 37],
    features: ['iDrive 8.5', 'Driving Assistant Professional', 'Harman Kardon audio'],
    trims: [trim('530i', 58500, 60600), trim('530i xDrive', 61000, 63000, { drivetrain: 'AWD', mpg: [25, 35] }), trim('540i xDrive', 66000, 68000, { engine: '3.0L I6 Turbo', drivetrain: 'AWD', mpg: [24, 31] }), trim('i5 eDrive40', 67000, 69000, electric(EV_SINGLE, 'RWD'))],
  },
  {
    make: 'BMW', model: 'X3', bodyStyle: 'suv', years: [2004, null], wmi: '5UX', plant: 'N', seats: 5, popularity: 4, retention: 0.85,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [25, 29],
    features: ['iDrive 9', 'Panoramic moonroof', 'Parking Assistant'],
    trims: [trim('30 xDrive', 50000, 52000), trim('M50 xDrive', 64000, 66000, { engine: '3.0L I6 Turbo', mpg: [22, 28] })],
  },
  {
    make: 'BMW', model: 'X5', bodyStyle: 'suv', years: [2000, null], wmi: '5UX', plant: 'C', seats: 5, popularity: 3, retention: 0.8,
    engine: '3.0L I6 Turbo', transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [22, 26],
    features: ['iDrive 8.5', 'Panoramic moonroof', 'Adaptive air suspension'],
    trims: [trim('xDrive40i', 67000, 70000), trim('xDrive50e', 73000, 76000, plugIn('3.0L I6 Turbo Plug-in Hybrid', [24, 24], AUTO(8))), trim('M60i', 90000, 93000, { engine: '4.4L V8 Twin-Turbo', mpg: [16, 21] })],
  },
  {
    make: 'BMW', model: '4 Series', bodyStyle: 'convertible', years: [2014, null], wmi: 'WBA', plant: 'D', seats: 4, popularity: 1, retention: 0.85,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [25, 33],
    features: ['Power soft top', 'Neck-level heating', 'Harman Kardon audio'],
    trims: [trim('430i Convertible', 56000, 58000), trim('M440i xDrive Convertible', 69000, 71000, { engine: '3.0L I6 Turbo', drivetrain: 'AWD', mpg: [22, 29] }), trim('430i Coupe', 50000, 52000, { bodyStyle: 'coupe' })],
  },
  {
    make: 'BMW', model: 'i4', bodyStyle: 'sedan', years: [2022, null], wmi: 'WBY', plant: '3', seats: 5, popularity: 1.5, retention: 0.7,
    ...electric(EV_SINGLE, 'RWD'),
    features: ['iDrive 8.5', 'Curved display', 'Over-the-air updates'],
    trims: [trim('eDrive35', 52000, 53600), trim('eDrive40', 58000, 60000), trim('M50 xDrive', 69000, 71000, { engine: EV_DUAL, drivetrain: 'AWD' })],
  },

  // Mercedes-Benz
  {
    make: 'Mercedes-Benz', model: 'C-Class', bodyStyle: 'sedan', years: [1994, null], wmi: 'W1K', plant: 'R', seats: 5, popularity: 3, retention: 0.8,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(9), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [25, 35],
    features: ['MBUX infotainment', 'Ambient lighting', 'Burmester audio'],
    trims: [trim('C 300', 48500, 50600), trim('C 300 4MATIC', 50500, 52600, { drivetrain: 'AWD', mpg: [23, 33] }), trim('AMG C 43', 62000, 64000, { drivetrain: 'AWD', mpg: [20, 27] })],
  },
  {
    make: 'Mercedes-Benz', model: 'E-Class', bodyStyle: 'sedan', years: [1994, null], wmi: 'W1K', plant: 'A', seats: 5, popularity: 2, retention: 0.75,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(9), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [24, 33],
    features: ['MBUX Superscreen', 'Burmester 4D audio', 'Air Body Control suspension'],
    trims: [trim('E 350', 62500, 64600), trim('E 350 4MATIC', 65000, 67100, { drivetrain: 'AWD', mpg: [23, 32] }), trim('E 450 4MATIC All-Terrain', 80000, 82100, { engine: '3.0L I6 Turbo', drivetrain: 'AWD', mpg: [21, 27], bodyStyle: 'wagon' })],
  },
  {
    make: 'Mercedes-Benz', model: 'GLC', bodyStyle: 'suv', years: [2016, null], wmi: 'W1N', plant: 'G', seats: 5, popularity: 3, retention: 0.8,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(9), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [24, 31],
    features: ['MBUX infotainment', 'Panoramic sunroof', 'Off-road engineering package'],
    trims: [trim('GLC 300', 49500, 51600, { drivetrain: 'RWD' }), trim('GLC 300 4MATIC', 51500, 53600), trim('AMG GLC 43', 64000, 66000, { mpg: [19, 24] })],
  },
  {
    make: 'Mercedes-Benz', model: 'GLE', bodyStyle: 'suv', years: [2016, null], wmi: '4JG', plant: 'A', seats: 5, popularity: 2, retention: 0.75,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(9), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [21, 26],
    features: ['MBUX infotainment', 'Panoramic sunroof', 'Burmester audio'],
    trims: [trim('GLE 350', 62500, 64600), trim('GLE 450 4MATIC', 71000, 73000, { engine: '3.0L I6 Turbo', mpg: [20, 25] }), trim('AMG GLE 53', 88000, 90000, { engine: '3.0L I6 Turbo', mpg: [18, 22] })],
  },
  {
    make: 'Mercedes-Benz', model: 'S-Class', bodyStyle: 'sedan', years: [1981, null], wmi: 'W1K', plant: 'A', seats: 5, popularity: 0.8, retention: 0.65,
    engine: '3.0L I6 Turbo', transmission: AUTO(9), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [20, 29],
    features: ['Executive rear seating', 'Burmester 4D audio', 'Massaging seats', 'Head-up display'],
    trims: [trim('S 500 4MATIC', 118000, 122000), trim('S 580 4MATIC', 128000, 132000, { engine: '4.0L V8 Twin-Turbo', mpg: [17, 26] })],
  },

  // Lexus
  {
    make: 'Lexus', model: 'RX', bodyStyle: 'suv', years: [1999, null], wmi: '2T2', plant: 'C', seats: 5, popularity: 4, retention: 1.05,
    engine: I4('2.4', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [21, 28],
    legacy: { until: 2022, engine: '3.5L V6', mpg: [19, 26] },
    features: ['Lexus Safety System+ 3.0', 'Mark Levinson audio', 'Panoramic roof'],
    trims: [trim('RX 350', 50000, 52000), trim('RX 350h', 52500, 54600, hybrid(I4('2.5', ' Hybrid'), [37, 34])), trim('RX 500h F SPORT Performance', 64000, 66000, hybrid(I4('2.4', ' Turbo Hybrid'), [27, 28], AUTO(6)))],
  },
  {
    make: 'Lexus', model: 'ES', bodyStyle: 'sedan', years: [1990, null], wmi: '58A', plant: 'B', seats: 5, popularity: 2, retention: 0.95,
    engine: '3.5L V6', transmission: AUTO(8), drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [22, 32],
    features: ['Lexus Safety System+ 2.5', 'Mark Levinson audio'],
    trims: [trim('ES 350', 43500, 45600), trim('ES 300h', 45000, 47100, hybrid(I4('2.5', ' Hybrid'), [43, 44])), trim('ES 350 F SPORT Handling', 48500, 50600)],
  },
  {
    make: 'Lexus', model: 'NX', bodyStyle: 'suv', years: [2015, null], wmi: 'JTJ', plant: 'G', seats: 5, popularity: 3, retention: 1.0,
    engine: I4('2.5'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [25, 33],
    features: ['Lexus Safety System+ 3.0', 'Digital key'],
    trims: [trim('NX 250', 42000, 43600, { drivetrain: 'FWD' }), trim('NX 350h', 46000, 48000, hybrid(I4('2.5', ' Hybrid'), [41, 37])), trim('NX 350 F SPORT Handling', 50000, 52000, { engine: I4('2.4', ' Turbo'), mpg: [22, 29] }), trim('NX 450h+', 60000, 62000, plugIn(I4('2.5', ' Plug-in Hybrid'), [36, 36], 'eCVT'))],
  },
  {
    make: 'Lexus', model: 'IS', bodyStyle: 'sedan', years: [2001, null], wmi: 'JTH', plant: 'C', seats: 5, popularity: 1.5, retention: 0.9,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [21, 31],
    features: ['Lexus Safety System+ 2.5', 'Adaptive variable suspension'],
    trims: [trim('IS 300', 41000, 42600), trim('IS 350 F SPORT', 47000, 49000, { engine: '3.5L V6', mpg: [19, 28] }), trim('IS 500 F SPORT Performance', 63000, 65000, { engine: '5.0L V8', mpg: [17, 25] })],
  },

  // Audi
  {
    make: 'Audi', model: 'A4', bodyStyle: 'sedan', years: [1996, 2025], wmi: 'WAU', plant: 'N', seats: 5, popularity: 2, retention: 0.8,
    engine: I4('2.0', ' Turbo'), transmission: DCT(7), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [25, 34],
    features: ['quattro all-wheel drive', 'Virtual cockpit', 'Bang & Olufsen audio'],
    trims: [trim('40 Premium', 44000, 45600), trim('45 Premium Plus', 50500, 52100), trim('45 Prestige', 56000, 57600)],
  },
  {
    make: 'Audi', model: 'Q5', bodyStyle: 'suv', years: [2009, null], wmi: 'WA1', plant: 'J', seats: 5, popularity: 3, retention: 0.85,
    engine: I4('2.0', ' Turbo'), transmission: DCT(7), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [23, 28],
    features: ['quattro all-wheel drive', 'Virtual cockpit', 'Panoramic sunroof'],
    trims: [trim('45 Premium', 48000, 49600), trim('45 Premium Plus', 52500, 54100), trim('55 TFSI e Prestige', 60000, 62000, plugIn(I4('2.0', ' Turbo Plug-in Hybrid'), [27, 27], DCT(7))), trim('SQ5', 62000, 64000, { engine: '3.0L V6 Turbo', transmission: AUTO(8), mpg: [19, 24] })],
  },
  {
    make: 'Audi', model: 'Q7', bodyStyle: 'suv', years: [2007, null], wmi: 'WA1', plant: 'D', seats: 7, popularity: 1.5, retention: 0.75,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [19, 25],
    features: ['quattro all-wheel drive', 'Third-row seating', 'Adaptive air suspension'],
    trims: [trim('45 Premium', 61000, 62600), trim('55 Premium Plus', 69000, 71000, { engine: '3.0L V6 Turbo', mpg: [18, 23] }), trim('55 Prestige', 76000, 78000, { engine: '3.0L V6 Turbo', mpg: [18, 23] })],
  },

  // Volkswagen
  {
    make: 'Volkswagen', model: 'Jetta', bodyStyle: 'sedan', years: [1985, null], wmi: '3VW', plant: 'M', seats: 5, popularity: 3, retention: 0.9,
    engine: I4('1.5', ' Turbo'), transmission: AUTO(8), drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [29, 40],
    legacy: { until: 2018, engine: I4('1.4', ' Turbo'), transmission: AUTO(6), mpg: [28, 40] },
    features: ['IQ.DRIVE', 'Digital Cockpit'],
    trims: [trim('S', 23500, 24500), trim('Sport', 24500, 25500), trim('SE', 27000, 28000), trim('SEL', 31000, 32000), trim('GLI Autobahn', 33500, 34500, { engine: I4('2.0', ' Turbo'), transmission: DCT(7), mpg: [25, 34] })],
  },
  {
    make: 'Volkswagen', model: 'Tiguan', bodyStyle: 'suv', years: [2009, null], wmi: '3VV', plant: 'M', seats: 5, popularity: 3, retention: 0.85,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [24, 31],
    features: ['IQ.DRIVE', 'Digital Cockpit Pro'],
    trims: [trim('S', 30500, 31600, { drivetrain: 'FWD', mpg: [25, 33] }), trim('SE', 34000, 35600), trim('SEL R-Line Turbo', 40500, 42100)],
  },
  {
    make: 'Volkswagen', model: 'Atlas', bodyStyle: 'suv', years: [2018, null], wmi: '1V2', plant: 'C', seats: 7, popularity: 3, retention: 0.85,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [20, 25],
    legacy: { until: 2023, engine: '3.6L V6', mpg: [17, 23] },
    features: ['Third-row seating', 'IQ.DRIVE', 'Panoramic sunroof'],
    trims: [trim('SE', 41000, 42600), trim('SE with Technology', 45000, 46600), trim('Peak Edition SE', 48500, 50100), trim('SEL Premium R-Line', 53000, 54600)],
  },
  {
    make: 'Volkswagen', model: 'Golf GTI', bodyStyle: 'hatchback', years: [1985, null], wmi: 'WVW', plant: 'M', seats: 5, popularity: 1.5, retention: 1.0, collectible: true,
    engine: I4('2.0', ' Turbo'), transmission: DCT(7), drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [24, 32],
    legacy: { until: 2021, transmission: MANUAL(6), mpg: [24, 32] },
    features: ['Plaid sport seats', 'Adaptive chassis control'],
    trims: [trim('S', 33000, 34000), trim('SE', 37000, 38000), trim('Autobahn', 40500, 41600), trim('Golf R', 48000, 49600, { drivetrain: 'AWD', mpg: [20, 28] })],
  },
  {
    make: 'Volkswagen', model: 'ID.4', bodyStyle: 'suv', years: [2021, null], wmi: '1V2', plant: 'C', seats: 5, popularity: 1.5, retention: 0.7,
    ...electric(EV_SINGLE, 'RWD'),
    features: ['IQ.DRIVE', 'DC fast charging', 'Panoramic glass roof'],
    trims: [trim('Standard', 45000, 46000), trim('S', 50000, 51000), trim('Pro S Plus AWD', 55000, 56600, { engine: EV_DUAL, drivetrain: 'AWD' })],
  },

  // Mazda
  {
    make: 'Mazda', model: 'CX-5', bodyStyle: 'suv', years: [2013, null], wmi: 'JM3', plant: '0', seats: 5, popularity: 5, retention: 1.0,
    engine: I4('2.5'), transmission: AUTO(6), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [24, 30],
    features: ['i-Activsense safety', 'Bose audio'],
    trims: [trim('2.5 S Select', 29500, 30600), trim('2.5 S Preferred', 32000, 33100), trim('2.5 Carbon Turbo', 37500, 38600, { engine: I4('2.5', ' Turbo'), mpg: [22, 27] }), trim('2.5 Turbo Signature', 42000, 43600, { engine: I4('2.5', ' Turbo'), mpg: [22, 27] })],
  },
  {
    make: 'Mazda', model: 'Mazda3', bodyStyle: 'sedan', years: [2004, null], wmi: '3MZ', plant: 'M', seats: 5, popularity: 3, retention: 0.95,
    engine: I4('2.5'), transmission: AUTO(6), drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [27, 36],
    legacy: { until: 2018, engine: I4('2.0'), mpg: [28, 37] },
    features: ['i-Activsense safety', 'Mazda Connect'],
    trims: [trim('2.5 S Select Sedan', 24500, 25500), trim('2.5 S Preferred Hatchback', 28000, 29000, { bodyStyle: 'hatchback' }), trim('2.5 Turbo Premium Plus', 36500, 37600, { engine: I4('2.5', ' Turbo'), drivetrain: 'AWD', mpg: [23, 31] })],
  },
  {
    make: 'Mazda', model: 'MX-5 Miata', bodyStyle: 'convertible', years: [1990, null], wmi: 'JM1', plant: '0', seats: 2, popularity: 1.5, retention: 1.1, collectible: true,
    engine: I4('2.0'), transmission: MANUAL(6), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [26, 34],
    legacy: { until: 2005, engine: I4('1.8'), transmission: MANUAL(5), mpg: [22, 28] },
    features: ['Soft top', 'Limited-slip differential', 'Bose audio'],
    trims: [trim('Sport', 30000, 31000), trim('Club', 34500, 35600), trim('Grand Touring', 35500, 36600), trim('RF Grand Touring', 39500, 40600, { features: ['Power-retractable hardtop'] })],
  },
  {
    make: 'Mazda', model: 'CX-50', bodyStyle: 'suv', years: [2023, null], wmi: '7MM', plant: 'A', seats: 5, popularity: 3, retention: 1.0,
    engine: I4('2.5'), transmission: AUTO(6), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [24, 30],
    features: ['i-Activsense safety', 'Off-road traction assist'],
    trims: [trim('2.5 S Select', 31000, 32000), trim('2.5 S Premium', 36000, 37000), trim('Hybrid Premium', 39000, 40000, hybrid(I4('2.5', ' Hybrid'), [39, 37])), trim('2.5 Turbo Meridian Edition', 41500, 43000, { engine: I4('2.5', ' Turbo'), mpg: [23, 29] })],
  },
  {
    make: 'Mazda', model: 'CX-90', bodyStyle: 'suv', years: [2024, null], wmi: 'JM3', plant: 'A', seats: 8, popularity: 2, retention: 0.9,
    engine: '3.3L I6 Turbo', transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [24, 28],
    features: ['Third-row seating', 'i-Activsense safety', 'Bose audio'],
    trims: [trim('3.3 Turbo Select', 38500, 40000), trim('3.3 Turbo Premium', 48500, 50500), trim('PHEV Premium Plus', 57000, 59000, plugIn(I4('2.5', ' Plug-in Hybrid'), [25, 25], AUTO(8))), trim('3.3 Turbo S Premium Plus', 61000, 63000)],
  },

  // Porsche
  {
    make: 'Porsche', model: '911', bodyStyle: 'coupe', years: [1981, null], wmi: 'WP0', plant: 'S', seats: 4, popularity: 1, retention: 1.15, collectible: true,
    engine: '3.0L H6 Twin-Turbo', transmission: DCT(8), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [18, 24],
    legacy: { until: 2015, engine: '3.4L H6', transmission: DCT(7), mpg: [19, 27] },
    features: ['Sport Chrono package', 'Porsche Active Suspension Management', 'BOSE surround sound'],
    trims: [
      trim('Carrera', 123000, 127000), trim('Carrera S', 140000, 145000), trim('Carrera 4S Cabriolet', 165000, 170000, { drivetrain: 'AWD', bodyStyle: 'convertible' }),
      trim('GT3', 215000, 225000, { engine: '4.0L H6', transmission: MANUAL(6), mpg: [14, 19] }), trim('Turbo S', 235000, 245000, { engine: '3.6L H6 Turbo Hybrid', drivetrain: 'AWD', fuelType: 'Hybrid', mpg: [15, 20] }),
    ],
  },
  {
    make: 'Porsche', model: 'Cayenne', bodyStyle: 'suv', years: [2003, null], wmi: 'WP1', plant: 'L', seats: 5, popularity: 1.5, retention: 0.85,
    engine: '3.0L V6 Turbo', transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [17, 23],
    features: ['Porsche Active Suspension Management', 'Panoramic roof', 'BOSE surround sound'],
    trims: [trim('Base', 85000, 88000), trim('E-Hybrid', 97000, 100000, plugIn('3.0L V6 Turbo Plug-in Hybrid', [22, 22], AUTO(8))), trim('S', 102000, 105000, { engine: '4.0L V8 Twin-Turbo', mpg: [15, 20] }), trim('GTS', 125000, 128000, { engine: '4.0L V8 Twin-Turbo', mpg: [15, 19] })],
  },
  {
    make: 'Porsche', model: 'Macan', bodyStyle: 'suv', years: [2015, null], wmi: 'WP1', plant: 'L', seats: 5, popularity: 1.5, retention: 0.9,
    engine: I4('2.0', ' Turbo'), transmission: DCT(7), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [19, 25],
    features: ['Sport Chrono package', 'Porsche Communication Management'],
    trims: [trim('Base', 63000, 65000), trim('S', 74000, 76000, { engine: '2.9L V6 Twin-Turbo', mpg: [18, 23] }), trim('GTS', 88000, 90000, { engine: '2.9L V6 Twin-Turbo', mpg: [17, 22] }), trim('Electric 4', 76000, 78000, electric())],
  },
  {
    make: 'Porsche', model: 'Taycan', bodyStyle: 'sedan', years: [2020, null], wmi: 'WP0', plant: 'S', seats: 4, popularity: 0.8, retention: 0.6,
    ...electric(EV_SINGLE, 'RWD'), transmission: '2-speed automatic',
    features: ['800-volt charging', 'Porsche Active Suspension Management', 'Sport Chrono package'],
    trims: [trim('Base', 100000, 103000), trim('4S', 119000, 123000, { engine: EV_DUAL, drivetrain: 'AWD' }), trim('Turbo', 173000, 178000, { engine: EV_DUAL, drivetrain: 'AWD' })],
  },

  // Volvo
  {
    make: 'Volvo', model: 'XC90', bodyStyle: 'suv', years: [2003, null], wmi: 'YV4', plant: '1', seats: 7, popularity: 2, retention: 0.8,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [20, 26],
    features: ['Third-row seating', 'Pilot Assist', 'Bowers & Wilkins audio'],
    trims: [trim('B5 Core', 58000, 60000), trim('B6 Plus', 63500, 65600), trim('B6 Ultra', 69000, 71000), trim('T8 Plug-in Hybrid Ultra', 78000, 80000, plugIn(I4('2.0', ' Turbo Plug-in Hybrid'), [27, 27], AUTO(8)))],
  },
  {
    make: 'Volvo', model: 'XC60', bodyStyle: 'suv', years: [2010, null], wmi: 'YV4', plant: 'L', seats: 5, popularity: 2, retention: 0.8,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [23, 30],
    features: ['Pilot Assist', 'Google built-in', 'Harman Kardon audio'],
    trims: [trim('B5 Core', 49000, 50600), trim('B5 Plus', 53500, 55100), trim('B6 Ultra', 58000, 60000), trim('T8 Polestar Engineered', 74000, 76000, plugIn(I4('2.0', ' Turbo Plug-in Hybrid'), [26, 28], AUTO(8)))],
  },
  {
    make: 'Volvo', model: 'V60 Cross Country', bodyStyle: 'wagon', years: [2019, null], wmi: 'YV4', plant: 'L', seats: 5, popularity: 0.8, retention: 0.85,
    engine: I4('2.0', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [22, 30],
    features: ['Pilot Assist', 'Raised ride height', 'Google built-in'],
    trims: [trim('B5 Plus', 52500, 54100), trim('B5 Ultra', 56000, 57600)],
  },

  // Stellantis minivan and muscle
  {
    make: 'Chrysler', model: 'Pacifica', bodyStyle: 'minivan', years: [2017, null], wmi: '2C4', plant: 'R', seats: 7, popularity: 2, retention: 0.85,
    engine: '3.6L V6', transmission: AUTO(9), drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [19, 28],
    features: ['Stow \'n Go seating', 'Power sliding doors', 'Uconnect Theater'],
    trims: [trim('Select', 44500, 46100), trim('Limited', 52500, 54100, { drivetrain: 'AWD', mpg: [17, 25] }), trim('Pinnacle', 56000, 58000, { drivetrain: 'AWD', mpg: [17, 25] }), trim('Plug-in Hybrid Premium S', 53000, 55000, plugIn('3.6L V6 Plug-in Hybrid', [30, 30], 'eCVT'))],
  },
  {
    make: 'Dodge', model: 'Durango', bodyStyle: 'suv', years: [1998, null], wmi: '1C4', plant: 'D', seats: 7, popularity: 2, retention: 0.85,
    engine: '3.6L V6', transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [19, 26],
    features: ['Third-row seating', 'Uconnect 5', 'Tow package'],
    trims: [trim('SXT', 40500, 42100), trim('GT', 44000, 46000), trim('R/T', 51000, 53000, { engine: '5.7L V8 HEMI', mpg: [14, 22] }), trim('SRT 392', 74000, 77000, { engine: '6.4L V8', mpg: [13, 19] })],
  },
  {
    make: 'Dodge', model: 'Charger', bodyStyle: 'sedan', years: [2006, 2023], wmi: '2C3', plant: 'H', seats: 5, popularity: 2, retention: 0.95,
    engine: '3.6L V6', transmission: AUTO(8), drivetrain: 'RWD', fuelType: 'Gasoline', mpg: [19, 30],
    legacy: { until: 2014, transmission: AUTO(5), mpg: [18, 27] },
    features: ['Uconnect 4C', 'Launch control'],
    trims: [trim('SXT', 34000, 36000), trim('GT', 38000, 40000), trim('R/T', 42000, 44000, { engine: '5.7L V8 HEMI', mpg: [16, 25] }), trim('Scat Pack', 50000, 52000, { engine: '6.4L V8', mpg: [15, 24] })],
  },

  // Rivian, Cadillac, Buick, MINI, Genesis
  {
    make: 'Rivian', model: 'R1T', bodyStyle: 'truck', years: [2022, null], wmi: '7FC', plant: 'N', seats: 5, popularity: 1, retention: 0.7,
    ...electric(),
    features: ['Gear Tunnel', 'Air suspension', 'Driver+ highway assist', 'Bed power outlets'],
    trims: [trim('Dual Standard', 70000, 72000), trim('Dual Large', 78000, 80000), trim('Tri Max', 100000, 102000, { engine: 'Tri electric motors' }), trim('Quad', 116000, 120000, { engine: 'Quad electric motors' })],
  },
  {
    make: 'Rivian', model: 'R1S', bodyStyle: 'suv', years: [2022, null], wmi: '7PD', plant: 'N', seats: 7, popularity: 1, retention: 0.7,
    ...electric(),
    features: ['Third-row seating', 'Air suspension', 'Driver+ highway assist'],
    trims: [trim('Dual Standard', 76000, 78000), trim('Dual Large', 84000, 86000), trim('Tri Max', 106000, 108000, { engine: 'Tri electric motors' })],
  },
  {
    make: 'Cadillac', model: 'Escalade', bodyStyle: 'suv', years: [1999, null], wmi: '1GY', plant: 'R', seats: 7, popularity: 1.5, retention: 0.85,
    engine: '6.2L V8', transmission: AUTO(10), drivetrain: '4WD', fuelType: 'Gasoline', mpg: [14, 19],
    legacy: { until: 2020, transmission: AUTO(8), mpg: [14, 21] },
    features: ['Super Cruise', 'AKG Studio audio', 'Third-row seating', 'Curved OLED display'],
    trims: [trim('Luxury', 90000, 93000), trim('Premium Luxury', 98000, 101000), trim('Sport Platinum', 115000, 118000), trim('V-Series', 155000, 160000, { engine: '6.2L V8 Supercharged', mpg: [12, 15] })],
  },
  {
    make: 'Cadillac', model: 'Lyriq', bodyStyle: 'suv', years: [2023, null], wmi: '1GY', plant: 'S', seats: 5, popularity: 1, retention: 0.7,
    ...electric(EV_SINGLE, 'RWD'),
    features: ['Super Cruise', '33-inch curved display', 'AKG audio'],
    trims: [trim('Tech', 58000, 60000), trim('Luxury', 63000, 65000, { engine: EV_DUAL, drivetrain: 'AWD' }), trim('Sport', 66000, 68000, { engine: EV_DUAL, drivetrain: 'AWD' })],
  },
  {
    make: 'Buick', model: 'Enclave', bodyStyle: 'suv', years: [2008, null], wmi: '5GA', plant: 'J', seats: 7, popularity: 2, retention: 0.85,
    engine: I4('2.5', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [19, 25],
    legacy: { until: 2024, engine: '3.6L V6', transmission: AUTO(9), mpg: [17, 25] },
    features: ['Third-row seating', 'Super Cruise ready', 'QuietTuning'],
    trims: [trim('Preferred', 46000, 47600), trim('Sport Touring', 49000, 51000), trim('Avenir', 60000, 62000)],
  },
  {
    make: 'Buick', model: 'Encore GX', bodyStyle: 'suv', years: [2020, null], wmi: 'KL4', plant: 'B', seats: 5, popularity: 2, retention: 0.85,
    engine: '1.3L I3 Turbo', transmission: 'CVT', drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [28, 31],
    features: ['Buick Driver Confidence', 'Wireless phone projection'],
    trims: [trim('Preferred', 26500, 27600), trim('Sport Touring', 28500, 29600), trim('Avenir', 32500, 33600, { drivetrain: 'AWD', transmission: AUTO(9), mpg: [26, 29] })],
  },
  {
    make: 'MINI', model: 'Cooper', bodyStyle: 'hatchback', years: [2002, null], wmi: 'WMW', plant: 'T', seats: 4, popularity: 1.5, retention: 0.85,
    engine: I4('2.0', ' Turbo'), transmission: DCT(7), drivetrain: 'FWD', fuelType: 'Gasoline', mpg: [28, 37],
    legacy: { until: 2013, engine: I4('1.6'), transmission: AUTO(6), mpg: [27, 35] },
    features: ['Go-kart mode', 'Round OLED display'],
    trims: [trim('Hardtop 2 Door', 29000, 30000), trim('S Hardtop 2 Door', 35000, 36000), trim('S Convertible', 40000, 41600, { bodyStyle: 'convertible' }), trim('John Cooper Works', 40500, 42100, { mpg: [25, 33] })],
  },
  {
    make: 'Genesis', model: 'GV70', bodyStyle: 'suv', years: [2022, null], wmi: 'KMU', plant: 'H', seats: 5, popularity: 1.5, retention: 0.85,
    engine: I4('2.5', ' Turbo'), transmission: AUTO(8), drivetrain: 'AWD', fuelType: 'Gasoline', mpg: [22, 28],
    features: ['Highway Driving Assist II', 'Lexicon audio', 'Remote smart parking assist'],
    trims: [trim('2.5T Standard', 47000, 48600), trim('2.5T Sport Prestige', 58000, 60000), trim('3.5T Sport Prestige', 64000, 66000, { engine: '3.5L V6 Twin-Turbo', mpg: [19, 25] }), trim('Electrified GV70', 67000, 69000, electric())],
  },
];

/** Equipment that most vehicles of an era carry, grouped by how well the trim is equipped. */
export const GENERIC_FEATURES = {
  base: [
    { name: 'Backup camera', since: 2014 },
    { name: 'Bluetooth', since: 2008 },
    { name: 'Keyless entry', since: 1995 },
    { name: 'Cruise control', since: 1981 },
    { name: 'Apple CarPlay', since: 2016 },
    { name: 'Android Auto', since: 2016 },
    { name: 'Automatic emergency braking', since: 2018 },
    { name: 'Lane keeping assist', since: 2019 },
    { name: 'Adaptive cruise control', since: 2020 },
  ],
  mid: [
    { name: 'Heated front seats', since: 1995 },
    { name: 'Blind spot monitoring', since: 2012 },
    { name: 'Dual-zone climate control', since: 2000 },
    { name: 'Push-button start', since: 2010 },
    { name: 'Remote start', since: 2012 },
    { name: 'Alloy wheels', since: 1985 },
    { name: 'Power driver seat', since: 1990 },
  ],
  top: [
    { name: 'Leather seats', since: 1981 },
    { name: 'Sunroof', since: 1981 },
    { name: 'Premium audio', since: 1990 },
    { name: 'Navigation system', since: 2005 },
    { name: 'Ventilated front seats', since: 2012 },
    { name: 'Heated steering wheel', since: 2012 },
    { name: '360-degree camera', since: 2016 },
    { name: 'Head-up display', since: 2016 },
    { name: 'Wireless charging', since: 2018 },
  ],
} as const;
