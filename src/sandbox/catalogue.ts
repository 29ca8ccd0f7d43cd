// A small catalogue of what Brazilian dealers actually stock: brands, models, trims with
// realistic 0 km prices (reais, 2025), and the portal's accessory and extra-info names.
import { EXTRA_BRANDS, EXTRA_MODELS, EXTRA_TRIMS } from './catalogue-extra';

export type Body = 'hatch' | 'sedan' | 'suv' | 'pickup' | 'moto';

export interface CatalogueBrand {
  id: number;
  name: string;
  vehicleType: 'C' | 'M';
}

export interface CatalogueModel {
  id: number;
  brandId: number;
  name: string;
  /** Three-letter stock code prefix dealers use in references. */
  code: string;
  body: Body;
  /** First model year sold in Brazil. */
  fromYear: number;
  /** Last model year sold (undefined: still sold). */
  toYear?: number;
  /** Price of the entry trim, 0 km, in reais. */
  basePrice: number;
}

export interface CatalogueTrim {
  id: number;
  modelId: number;
  name: string;
  priceFactor: number;
  gearbox: 'AUTOMATIC' | 'MANUAL';
  fuel: string;
}

export const BRANDS: readonly CatalogueBrand[] = [
  { id: 1, name: 'Fiat', vehicleType: 'C' },
  { id: 2, name: 'Volkswagen', vehicleType: 'C' },
  { id: 3, name: 'Chevrolet', vehicleType: 'C' },
  { id: 4, name: 'Toyota', vehicleType: 'C' },
  { id: 5, name: 'Honda', vehicleType: 'C' },
  { id: 6, name: 'Hyundai', vehicleType: 'C' },
  { id: 7, name: 'Jeep', vehicleType: 'C' },
  { id: 8, name: 'Renault', vehicleType: 'C' },
  { id: 9, name: 'Ford', vehicleType: 'C' },
  { id: 10, name: 'Honda', vehicleType: 'M' },
  { id: 11, name: 'Yamaha', vehicleType: 'M' },
];

export const MODELS: readonly CatalogueModel[] = [
  { id: 101, brandId: 1, name: 'Uno', code: 'UNO', body: 'hatch', fromYear: 2011, toYear: 2021, basePrice: 62000 },
  { id: 102, brandId: 1, name: 'Argo', code: 'ARG', body: 'hatch', fromYear: 2018, basePrice: 89000 },
  { id: 103, brandId: 1, name: 'Toro', code: 'TOR', body: 'pickup', fromYear: 2016, basePrice: 158000 },
  { id: 104, brandId: 1, name: 'Strada', code: 'STR', body: 'pickup', fromYear: 2014, basePrice: 108000 },
  { id: 105, brandId: 1, name: 'Mobi', code: 'MOB', body: 'hatch', fromYear: 2017, basePrice: 74000 },
  { id: 201, brandId: 2, name: 'Gol', code: 'GOL', body: 'hatch', fromYear: 2010, toYear: 2023, basePrice: 72000 },
  { id: 202, brandId: 2, name: 'Polo', code: 'POL', body: 'hatch', fromYear: 2018, basePrice: 98000 },
  { id: 203, brandId: 2, name: 'T-Cross', code: 'TCR', body: 'suv', fromYear: 2020, basePrice: 152000 },
  { id: 204, brandId: 2, name: 'Nivus', code: 'NIV', body: 'suv', fromYear: 2021, basePrice: 135000 },
  { id: 301, brandId: 3, name: 'Onix', code: 'ONX', body: 'hatch', fromYear: 2013, basePrice: 94000 },
  { id: 302, brandId: 3, name: 'Tracker', code: 'TRK', body: 'suv', fromYear: 2014, basePrice: 138000 },
  { id: 303, brandId: 3, name: 'S10', code: 'S10', body: 'pickup', fromYear: 2012, basePrice: 255000 },
  { id: 401, brandId: 4, name: 'Corolla', code: 'COR', body: 'sedan', fromYear: 2010, basePrice: 168000 },
  { id: 402, brandId: 4, name: 'Hilux', code: 'HLX', body: 'pickup', fromYear: 2010, basePrice: 295000 },
  { id: 403, brandId: 4, name: 'Yaris', code: 'YAR', body: 'hatch', fromYear: 2019, basePrice: 105000 },
  { id: 501, brandId: 5, name: 'Civic', code: 'CVC', body: 'sedan', fromYear: 2010, basePrice: 175000 },
  { id: 502, brandId: 5, name: 'HR-V', code: 'HRV', body: 'suv', fromYear: 2015, basePrice: 158000 },
  { id: 503, brandId: 5, name: 'City', code: 'CTY', body: 'sedan', fromYear: 2010, basePrice: 118000 },
  { id: 601, brandId: 6, name: 'HB20', code: 'HB2', body: 'hatch', fromYear: 2013, basePrice: 88000 },
  { id: 602, brandId: 6, name: 'Creta', code: 'CRT', body: 'suv', fromYear: 2017, basePrice: 148000 },
  { id: 701, brandId: 7, name: 'Renegade', code: 'RNG', body: 'suv', fromYear: 2015, basePrice: 139000 },
  { id: 702, brandId: 7, name: 'Compass', code: 'CMP', body: 'suv', fromYear: 2017, basePrice: 189000 },
  { id: 801, brandId: 8, name: 'Kwid', code: 'KWD', body: 'hatch', fromYear: 2018, basePrice: 69000 },
  { id: 802, brandId: 8, name: 'Duster', code: 'DST', body: 'suv', fromYear: 2012, basePrice: 122000 },
  { id: 901, brandId: 9, name: 'Ranger', code: 'RGR', body: 'pickup', fromYear: 2012, basePrice: 245000 },
  { id: 902, brandId: 9, name: 'Ka', code: 'KA0', body: 'hatch', fromYear: 2015, toYear: 2021, basePrice: 58000 },
  { id: 1001, brandId: 10, name: 'CG 160', code: 'CG1', body: 'moto', fromYear: 2016, basePrice: 17500 },
  { id: 1002, brandId: 10, name: 'Biz', code: 'BIZ', body: 'moto', fromYear: 2010, basePrice: 14500 },
  { id: 1003, brandId: 10, name: 'CB 500F', code: 'CB5', body: 'moto', fromYear: 2014, basePrice: 38000 },
  { id: 1101, brandId: 11, name: 'Fazer 250', code: 'FZR', body: 'moto', fromYear: 2011, basePrice: 23500 },
  { id: 1102, brandId: 11, name: 'Factor 150', code: 'FCT', body: 'moto', fromYear: 2016, basePrice: 16500 },
  { id: 1103, brandId: 11, name: 'NMax 160', code: 'NMX', body: 'moto', fromYear: 2017, basePrice: 21000 },
];

const t = (id: number, modelId: number, name: string, priceFactor: number, gearbox: 'AUTOMATIC' | 'MANUAL', fuel = 'FLEX'): CatalogueTrim => ({
  id,
  modelId,
  name,
  priceFactor,
  gearbox,
  fuel,
});

export const TRIMS: readonly CatalogueTrim[] = [
  t(10101, 101, 'Attractive 1.0', 1, 'MANUAL'),
  t(10102, 101, 'Way 1.3', 1.1, 'MANUAL'),
  t(10201, 102, 'Drive 1.0', 1, 'MANUAL'),
  t(10202, 102, 'Trekking 1.3', 1.12, 'MANUAL'),
  t(10203, 102, 'Drive 1.3 CVT', 1.15, 'AUTOMATIC'),
  t(10301, 103, 'Endurance 1.3 Turbo', 1, 'AUTOMATIC'),
  t(10302, 103, 'Volcano 2.0 Diesel 4x4', 1.3, 'AUTOMATIC', 'DIESEL'),
  t(10303, 103, 'Ranch 2.0 Diesel 4x4', 1.38, 'AUTOMATIC', 'DIESEL'),
  t(10401, 104, 'Endurance 1.3', 1, 'MANUAL'),
  t(10402, 104, 'Volcano 1.3 CVT', 1.18, 'AUTOMATIC'),
  t(10501, 105, 'Like 1.0', 1, 'MANUAL'),
  t(10502, 105, 'Trekking 1.0', 1.06, 'MANUAL'),
  t(20101, 201, '1.0 MPI', 1, 'MANUAL'),
  t(20102, 201, 'Last Edition 1.0', 1.05, 'MANUAL'),
  t(20103, 201, '1.6 MSI', 1.12, 'AUTOMATIC'),
  t(20201, 202, '1.0 MPI', 1, 'MANUAL'),
  t(20202, 202, 'Highline 200 TSI', 1.25, 'AUTOMATIC'),
  t(20203, 202, 'GTS 250 TSI', 1.5, 'AUTOMATIC'),
  t(20301, 203, 'Sense 200 TSI', 1, 'AUTOMATIC'),
  t(20302, 203, 'Comfortline 200 TSI', 1.08, 'AUTOMATIC'),
  t(20303, 203, 'Highline 250 TSI', 1.2, 'AUTOMATIC'),
  t(20401, 204, 'Comfortline 200 TSI', 1, 'AUTOMATIC'),
  t(20402, 204, 'Highline 200 TSI', 1.1, 'AUTOMATIC'),
  t(30101, 301, 'LT 1.0', 1, 'MANUAL'),
  t(30102, 301, 'LTZ 1.0 Turbo', 1.12, 'AUTOMATIC'),
  t(30103, 301, 'Premier 1.0 Turbo', 1.2, 'AUTOMATIC'),
  t(30201, 302, 'LT 1.0 Turbo', 1, 'AUTOMATIC'),
  t(30202, 302, 'Premier 1.2 Turbo', 1.16, 'AUTOMATIC'),
  t(30301, 303, 'LT 2.8 Diesel 4x4', 1, 'AUTOMATIC', 'DIESEL'),
  t(30302, 303, 'High Country 2.8 Diesel 4x4', 1.2, 'AUTOMATIC', 'DIESEL'),
  t(40101, 401, 'GLi 2.0', 1, 'AUTOMATIC'),
  t(40102, 401, 'XEi 2.0', 1.08, 'AUTOMATIC'),
  t(40103, 401, 'Altis Hybrid Premium', 1.25, 'AUTOMATIC', 'HYBRID'),
  t(40201, 402, 'SR 2.8 Diesel 4x4', 1, 'AUTOMATIC', 'DIESEL'),
  t(40202, 402, 'SRV 2.8 Diesel 4x4', 1.1, 'AUTOMATIC', 'DIESEL'),
  t(40203, 402, 'SRX 2.8 Diesel 4x4', 1.2, 'AUTOMATIC', 'DIESEL'),
  t(40301, 403, 'XL 1.5', 1, 'AUTOMATIC'),
  t(40302, 403, 'XLS 1.5', 1.1, 'AUTOMATIC'),
  t(50101, 501, 'LXR 2.0', 1, 'AUTOMATIC'),
  t(50102, 501, 'EXL 2.0', 1.1, 'AUTOMATIC'),
  t(50103, 501, 'Touring 1.5 Turbo', 1.22, 'AUTOMATIC', 'GASOLINE'),
  t(50201, 502, 'EX 1.5', 1, 'AUTOMATIC'),
  t(50202, 502, 'EXL 1.5', 1.08, 'AUTOMATIC'),
  t(50203, 502, 'Touring 1.5 Turbo', 1.2, 'AUTOMATIC'),
  t(50301, 503, 'LX 1.5', 1, 'AUTOMATIC'),
  t(50302, 503, 'Touring 1.5', 1.15, 'AUTOMATIC'),
  t(60101, 601, 'Sense 1.0', 1, 'MANUAL'),
  t(60102, 601, 'Comfort 1.0', 1.08, 'MANUAL'),
  t(60103, 601, 'Platinum 1.0 TGDI', 1.25, 'AUTOMATIC'),
  t(60201, 602, 'Action 1.6', 1, 'AUTOMATIC'),
  t(60202, 602, 'Limited 1.0 TGDI', 1.1, 'AUTOMATIC'),
  t(60203, 602, 'Ultimate 2.0', 1.22, 'AUTOMATIC'),
  t(70101, 701, 'Sport 1.8', 1, 'AUTOMATIC'),
  t(70102, 701, 'Longitude 1.3 Turbo', 1.1, 'AUTOMATIC'),
  t(70103, 701, 'Trailhawk 2.0 Diesel 4x4', 1.3, 'AUTOMATIC', 'DIESEL'),
  t(70201, 702, 'Sport 1.3 Turbo', 1, 'AUTOMATIC'),
  t(70202, 702, 'Longitude 1.3 Turbo', 1.08, 'AUTOMATIC'),
  t(70203, 702, 'Limited 2.0 Diesel 4x4', 1.3, 'AUTOMATIC', 'DIESEL'),
  t(80101, 801, 'Zen 1.0', 1, 'MANUAL'),
  t(80102, 801, 'Intense 1.0', 1.07, 'MANUAL'),
  t(80103, 801, 'Outsider 1.0', 1.1, 'MANUAL'),
  t(80201, 802, 'Expression 1.6', 1, 'MANUAL'),
  t(80202, 802, 'Iconic 1.3 Turbo', 1.2, 'AUTOMATIC'),
  t(90101, 901, 'XL 2.2 Diesel 4x4', 1, 'MANUAL', 'DIESEL'),
  t(90102, 901, 'XLS 2.2 Diesel 4x4', 1.1, 'AUTOMATIC', 'DIESEL'),
  t(90103, 901, 'Limited 3.2 Diesel 4x4', 1.3, 'AUTOMATIC', 'DIESEL'),
  t(90201, 902, 'SE 1.0', 1, 'MANUAL'),
  t(90202, 902, 'SE Plus 1.5', 1.12, 'MANUAL'),
  t(100101, 1001, 'Start', 1, 'MANUAL', 'FLEX'),
  t(100102, 1001, 'Fan', 1.08, 'MANUAL', 'FLEX'),
  t(100103, 1001, 'Titan', 1.18, 'MANUAL', 'FLEX'),
  t(100201, 1002, '110i', 1, 'MANUAL', 'GASOLINE'),
  t(100202, 1002, '125 EX', 1.15, 'MANUAL', 'FLEX'),
  t(100301, 1003, 'ABS', 1, 'MANUAL', 'GASOLINE'),
  t(110101, 1101, 'ABS', 1, 'MANUAL', 'FLEX'),
  t(110102, 1101, 'Connected ABS', 1.08, 'MANUAL', 'FLEX'),
  t(110201, 1102, 'ED', 1, 'MANUAL', 'FLEX'),
  t(110202, 1102, 'DX', 1.07, 'MANUAL', 'FLEX'),
  t(110301, 1103, 'ABS', 1, 'AUTOMATIC', 'GASOLINE'),
  t(110302, 1103, 'Connected', 1.1, 'AUTOMATIC', 'GASOLINE'),
];

export const ACCESSORIES: readonly { id: number; name: string; moto?: boolean; car?: boolean }[] = [
  { id: 1, name: 'Ar-condicionado', car: true },
  { id: 2, name: 'Direção hidráulica', car: true },
  { id: 3, name: 'Direção elétrica', car: true },
  { id: 4, name: 'Vidros elétricos', car: true },
  { id: 5, name: 'Travas elétricas', car: true },
  { id: 6, name: 'Alarme', car: true, moto: true },
  { id: 7, name: 'Airbag', car: true },
  { id: 8, name: 'Freios ABS', car: true, moto: true },
  { id: 9, name: 'Som com Bluetooth', car: true },
  { id: 10, name: 'Central multimídia', car: true },
  { id: 11, name: 'Câmera de ré', car: true },
  { id: 12, name: 'Sensor de estacionamento', car: true },
  { id: 13, name: 'Bancos de couro', car: true },
  { id: 14, name: 'Rodas de liga leve', car: true, moto: true },
  { id: 15, name: 'Teto solar', car: true },
  { id: 16, name: 'Piloto automático', car: true },
  { id: 17, name: 'Controle de tração', car: true, moto: true },
  { id: 18, name: 'Faróis de neblina', car: true },
  { id: 19, name: 'Computador de bordo', car: true, moto: true },
  { id: 20, name: 'Volante multifuncional', car: true },
  { id: 21, name: 'Retrovisores elétricos', car: true },
  { id: 22, name: 'Partida elétrica', moto: true },
  { id: 23, name: 'Freio a disco', moto: true },
  { id: 24, name: 'Injeção eletrônica', car: true, moto: true },
  { id: 25, name: 'Carregador USB', car: true, moto: true },
];

export const OTHER_INFOS: readonly { id: number; name: string }[] = [
  { id: 1, name: 'Único dono' },
  { id: 2, name: 'IPVA pago' },
  { id: 3, name: 'Licenciado' },
  { id: 4, name: 'Revisões feitas na concessionária' },
  { id: 5, name: 'Garantia de fábrica' },
  { id: 6, name: 'Aceita troca' },
  { id: 7, name: 'Quitado' },
  { id: 8, name: 'Manual e chave reserva' },
  { id: 9, name: 'Adaptado para pessoas com deficiência' },
  { id: 10, name: 'Veículo de colecionador' },
];

/** Everything the portal's catalogue lists: what the seeded dealer stocks and what it does not. */
export const LISTED_BRANDS: readonly CatalogueBrand[] = [...BRANDS, ...EXTRA_BRANDS];
export const LISTED_MODELS: readonly CatalogueModel[] = [...MODELS, ...EXTRA_MODELS];
export const LISTED_TRIMS: readonly CatalogueTrim[] = [...TRIMS, ...EXTRA_TRIMS.map((row) => t(...row))];

export const brandById = new Map(LISTED_BRANDS.map((b) => [b.id, b]));
export const modelById = new Map(LISTED_MODELS.map((m) => [m.id, m]));
export const trimById = new Map(LISTED_TRIMS.map((tr) => [tr.id, tr]));
export const accessoryById = new Map(ACCESSORIES.map((a) => [a.id, a]));
export const otherInfoById = new Map(OTHER_INFOS.map((o) => [o.id, o]));
export const trimsByModel = new Map<number, CatalogueTrim[]>();
for (const tr of LISTED_TRIMS) {
  const list = trimsByModel.get(tr.modelId) ?? [];
  list.push(tr);
  trimsByModel.set(tr.modelId, list);
}

/** The accessories the portal lists for a vehicle type (GET /vehicles/accessories?type=). */
export function accessoriesFor(type: 'C' | 'M'): readonly { id: number; name: string }[] {
  return ACCESSORIES.filter((a) => (type === 'M' ? a.moto : a.car));
}
