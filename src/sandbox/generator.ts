// A deterministic generator of realistic Brazilian dealer stock. Same (count, seed, now, origin)
// ⇒ same vehicles. Fast enough for 100,000 vehicles in well under a second or two.
//
// Deterministic spread of states (by position, so that even small stocks show each case):
//   every 15th (i % 15 === 2) is highlighted, every 12th (i % 12 === 5) unpublished,
//   every 30th (i % 30 === 11) inactive (and unpublished), every 25th (i % 25 === 4) has a
//   rejected photo (a gap in `order`), every 50th (i % 50 === 7) was edited in the last minutes
//   (its url is not available yet), every 10th (i % 10 === 3) is brand new (0 km).
import { ACCESSORIES, MODELS, OTHER_INFOS, brandById, trimsByModel, type CatalogueModel } from './catalogue';
import { createRandom, type Random } from './random';
import type { NamedItem, PortalPicture, PortalVehicle } from './types';

export interface GenerateOptions {
  /** "Now" the stock is generated at: updatedAt values lie before it. Default 2025-06-02T12:00:00.000Z. */
  now?: Date | string | number;
  /** Origin that serves photos and listing pages. Default http://127.0.0.1. */
  origin?: string;
  /** Delay before a listing's url exists after an edit; decides which vehicles have no url yet. Default 45 min. */
  urlDelayMs?: number;
}

export interface GeneratedRecord {
  /** Complete vehicle, with its eventual url. */
  vehicle: PortalVehicle;
  /** Time of the integrator's last edit, epoch ms (equals updatedAt). */
  editedAtMs: number;
  modelName: string;
}

export const DEFAULT_GENERATION_NOW = '2025-06-02T12:00:00.000Z';
export const DEFAULT_URL_DELAY_MS = 45 * 60_000;

const COLORS = [
  'METALLIC_WHITE',
  'SILVER',
  'BLACK',
  'GREY',
  'PEARL_WHITE',
  'RED',
  'BLUE',
  'LEAD',
  'BEIGE',
  'GREEN',
  'WINE',
  'BROWN',
  'YELLOW',
  'ORANGE',
  'CHAMPAGNE',
  'BRONZE',
] as const;
const COLOR_WEIGHTS = [22, 20, 18, 12, 8, 6, 5, 3, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5];
const COLOR_NAMES: Record<string, string> = {
  METALLIC_WHITE: 'branco',
  SILVER: 'prata',
  BLACK: 'preto',
  GREY: 'cinza',
  PEARL_WHITE: 'branco pérola',
  RED: 'vermelho',
  BLUE: 'azul',
  LEAD: 'chumbo',
  BEIGE: 'bege',
  GREEN: 'verde',
  WINE: 'vinho',
  BROWN: 'marrom',
  YELLOW: 'amarelo',
  ORANGE: 'laranja',
  CHAMPAGNE: 'champanhe',
  BRONZE: 'bronze',
};

const CAR_MODELS = MODELS.filter((m) => m.body !== 'moto');
const MOTO_MODELS = MODELS.filter((m) => m.body === 'moto');

const OPENINGS = [
  'Veículo em excelente estado de conservação',
  'Carro muito bem cuidado, sem detalhes de lataria',
  'Oportunidade única: abaixo da tabela FIPE',
  'Seminovo com procedência garantida',
  'Revisado e com laudo cautelar aprovado',
  'Pneus novos e suspensão revisada',
];
const MOTO_OPENINGS = [
  'Moto econômica, ideal para o dia a dia e para entregas',
  'Moto em ótimo estado, revisões em dia',
  'Baixa quilometragem, nunca foi de aplicativo',
];
const MIDDLES = [
  'Revisões feitas na concessionária, com notas fiscais.',
  'Manual do proprietário e chave reserva.',
  'Documentação em dia, pronta para transferência.',
  'Interior conservado, sem cheiro de cigarro.',
  'Aceitamos seu usado como parte do pagamento.',
  'Financiamento com as melhores taxas, aprovação rápida.',
  'Garantia de motor e câmbio por 3 meses.',
  'Venha fazer um test drive sem compromisso.',
];
const CLOSINGS = [
  'Atendimento de segunda a sábado, das 8h às 18h.',
  'Fale com nossos consultores pelo WhatsApp.',
  'Preço à vista; consulte condições de parcelamento.',
  'Loja com mais de 20 anos de tradição na região.',
];

const CAR_ACCESSORIES = ACCESSORIES.filter((a) => a.car);
const MOTO_ACCESSORIES = ACCESSORIES.filter((a) => a.moto);
const MOTO_OTHER_INFOS = OTHER_INFOS.filter((o) => o.id !== 9);

/** 14600 → "14.600", as Brazilians write it (Intl is too slow for 100k vehicles). */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function weightedIndex(rng: Random, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i] ?? 0;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

function twoDistinct(rng: Random, items: readonly string[]): string[] {
  const a = rng.int(0, items.length - 1);
  const b = (a + rng.int(1, items.length - 1)) % items.length;
  return [items[a] ?? '', items[b] ?? ''];
}

function plate(rng: Random, mercosul: boolean, dash: boolean): string {
  const l = (): string => LETTERS[rng.int(0, 25)] ?? 'A';
  const d = (): string => String(rng.int(0, 9));
  const head = l() + l() + l();
  const tail = mercosul ? d() + l() + d() + d() : d() + d() + d() + d();
  return dash && !mercosul ? `${head}-${tail}` : head + tail;
}

/** RENAVAM: 10 digits and a check digit. */
function renavam(rng: Random): string {
  let digits = '';
  for (let i = 0; i < 10; i++) digits += String(rng.int(0, 9));
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  const check = (sum * 10) % 11;
  return digits + String(check === 10 ? 0 : check);
}

const ACCENTS: Record<string, string> = {
  á: 'a',
  à: 'a',
  â: 'a',
  ã: 'a',
  ä: 'a',
  é: 'e',
  è: 'e',
  ê: 'e',
  ë: 'e',
  í: 'i',
  ì: 'i',
  î: 'i',
  ï: 'i',
  ó: 'o',
  ò: 'o',
  ô: 'o',
  õ: 'o',
  ö: 'o',
  ú: 'u',
  ù: 'u',
  û: 'u',
  ü: 'u',
  ç: 'c',
  ñ: 'n',
};

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[áàâãäéèêëíìîïóòôõöúùûüçñ]/g, (c) => ACCENTS[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function roundPrice(value: number): number {
  return Math.max(1900, Math.round(value / 1000) * 1000 - 100);
}

function installment(financed: number, months: number, monthlyRate: number): number {
  const p = (financed * monthlyRate) / (1 - (1 + monthlyRate) ** -months);
  return Math.round(p * 100) / 100;
}

/** Picks between min and max distinct items, kept in catalogue order. */
function pickItems(rng: Random, pool: readonly { id: number; name: string }[], min: number, max: number): NamedItem[] {
  const n = Math.min(pool.length, rng.int(min, max));
  // Each item is taken with probability n/len, topped up in order: cheap and in catalogue order.
  const out: NamedItem[] = [];
  let left = n;
  for (let i = 0; i < pool.length && left > 0; i++) {
    if (rng.next() * (pool.length - i) < left) {
      const item = pool[i];
      if (item) out.push({ id: item.id, name: item.name });
      left--;
    }
  }
  return out;
}

/** The listing page address the portal gives a vehicle. */
export function listingUrl(origin: string, title: string, reference: string): string {
  return `${origin}/anuncios/${slugify(title).slice(0, 60)}-${encodeURIComponent(reference.toLowerCase())}`;
}

/** The seeded dealer's own photo host: the addresses its system sent the portal (`originalUrl`). */
export const DEALER_PHOTO_HOST = 'fotos.revendaexemplo.com.br';

export function photoUrl(origin: string, photoId: string): string {
  return `${origin}/photos/${photoId}.jpg`;
}

function generateOne(i: number, seed: number, nowMs: number, origin: string, previousEditedAt: number | undefined): GeneratedRecord {
  const rng = createRandom((Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) + Math.imul(i + 1, 0x85ebca6b)) >>> 0);
  const currentYear = new Date(nowMs).getUTCFullYear();
  const isMoto = rng.chance(0.15);
  const model: CatalogueModel = rng.pick(isMoto ? MOTO_MODELS : CAR_MODELS);
  const brand = brandById.get(model.brandId);
  if (!brand) throw new Error(`sandbox catalogue: model ${model.id} names brand ${model.brandId}, which is not in BRANDS`);
  const trim = rng.pick(trimsByModel.get(model.id) ?? []);
  const brandNew = i % 10 === 3;
  const lastModelYear = Math.min(model.toYear ?? currentYear + 1, currentYear + 1);
  let modelYear: number;
  let manufacturedYear: number;
  if (brandNew && model.toYear === undefined) {
    modelYear = rng.chance(0.5) ? currentYear + 1 : currentYear;
    manufacturedYear = currentYear;
  } else {
    const oldest = Math.max(model.fromYear, currentYear - 14);
    const newest = Math.min(lastModelYear, currentYear);
    // Younger cars are more common on dealer lots.
    const span = Math.max(0, newest - oldest);
    modelYear = newest - Math.floor(span * rng.next() ** 1.6);
    manufacturedYear = rng.chance(0.5) && modelYear > model.fromYear ? modelYear - 1 : modelYear;
  }
  const age = Math.max(0, currentYear - modelYear);
  const isReallyNew = brandNew && model.toYear === undefined;
  const mileage = isReallyNew ? 0 : Math.max(300, Math.round(((isMoto ? 7000 : 12500) * Math.max(age, 0.3) * (0.5 + rng.next())) / 100) * 100);
  const noise = 0.94 + rng.next() * 0.12;
  // Leaving the dealer costs ~15%, then ~6% a year; old cars keep a floor of value.
  const depreciation = (isReallyNew ? 1 : Math.max(0.3, 0.85 * 0.94 ** age)) * (1 - Math.min(mileage / 500_000, 0.12));
  const value = roundPrice(model.basePrice * trim.priceFactor * depreciation * noise);

  const financed = rng.chance(0.75);
  const amountOfInstallments = financed ? rng.pick([12, 24, 36, 48, 60]) : 0;
  const deposit = financed ? Math.round((value * rng.pick([0.2, 0.3, 0.4, 0.5])) / 100) * 100 : 0;
  const amountPerInstallment = financed ? installment(value - deposit, amountOfInstallments, 0.0169) : 0;

  const color = COLORS[weightedIndex(rng, COLOR_WEIGHTS)] ?? 'SILVER';
  const doors = isMoto ? 0 : (model.name === 'Gol' || model.name === 'Uno') && rng.chance(0.15) ? 2 : 4;
  const mercosul = manufacturedYear >= 2019 || rng.chance(0.3);
  const licensePlate = plate(rng, mercosul, rng.chance(0.1));
  const reference = `${model.code}-${String(i + 1).padStart(6, '0')}`;

  const accessories = pickItems(rng, isMoto ? MOTO_ACCESSORIES : CAR_ACCESSORIES, isMoto ? 1 : 3, isMoto ? 4 : 10);
  const otherInfos = pickItems(rng, isMoto ? MOTO_OTHER_INFOS : OTHER_INFOS, 0, 4);
  if (isReallyNew && !otherInfos.some((o) => o.id === 5)) otherInfos.push({ id: 5, name: 'Garantia de fábrica' });

  const yearText = `${manufacturedYear}/${modelYear}`;
  const extra = otherInfos.find((o) => o.id === 1) ? ' - Único dono' : isReallyNew ? ' - 0 km' : '';
  const title = `${brand.name} ${model.name} ${trim.name} ${yearText}${extra}`.slice(0, 100);
  const description = [
    `${rng.pick(isMoto ? MOTO_OPENINGS : OPENINGS)}.`,
    `${brand.name} ${model.name} ${trim.name}, ${COLOR_NAMES[color] ?? 'cor sólida'}, ano ${yearText}, ${isReallyNew ? 'zero quilômetro' : `${thousands(mileage)} km rodados`}.`,
    ...twoDistinct(rng, MIDDLES),
    accessories.length ? `Itens: ${accessories.map((a) => a.name.toLowerCase()).join(', ')}.` : '',
    rng.pick(CLOSINGS),
  ]
    .filter(Boolean)
    .join(' ');

  const pictureCount = isMoto ? rng.int(2, 6) : rng.int(3, 12);
  const rejected = i % 25 === 4 ? rng.int(2, Math.max(2, pictureCount - 1)) : -1;
  const pictures: PortalPicture[] = [];
  const seedTag = (seed >>> 0).toString(36);
  for (let k = 1; k <= Math.max(pictureCount, rejected === -1 ? 1 : 3); k++) {
    if (k === rejected) continue;
    pictures.push({
      originalUrl: `https://${DEALER_PHOTO_HOST}/estoque/${reference.toLowerCase()}/${k}.jpg`,
      order: k,
      source: photoUrl(origin, `g${seedTag}-${i.toString(36)}-${k}`),
    });
  }

  // Stock is edited over the past year; some vehicles are imported in batches and share a timestamp.
  let editedAtMs: number;
  if (i % 50 === 7) editedAtMs = nowMs - rng.int(60_000, 40 * 60_000);
  else if (previousEditedAt !== undefined && rng.chance(0.08)) editedAtMs = previousEditedAt;
  else editedAtMs = nowMs - rng.int(2 * 3_600_000, 365 * 86_400_000);

  const active = i % 30 !== 11;
  const published = active && i % 12 !== 5;
  const vehicle: PortalVehicle = {
    fuel: trim.fuel,
    gearbox: trim.gearbox,
    color,
    type: brand.vehicleType,
    title,
    description,
    reference,
    licensePlate,
    document: renavam(rng),
    mileage,
    brandNew: isReallyNew,
    doors,
    manufacturedYear,
    modelYear,
    updatedAt: new Date(editedAtMs).toISOString(),
    value,
    amountPerInstallment,
    amountOfInstallments,
    deposit,
    accessories,
    active,
    trim: { id: trim.id, name: trim.name, modelId: model.id },
    brand: { id: brand.id, name: brand.name, vehicleType: brand.vehicleType },
    pictures,
    publication: published ? { highlighted: i % 15 === 2 } : null,
    otherInfos,
    url: listingUrl(origin, title, reference),
  };
  return { vehicle, editedAtMs, modelName: model.name };
}

function normaliseSeed(seed: number): number {
  if (!Number.isFinite(seed)) throw new Error(`seed must be a finite number, got ${seed}`);
  return Math.floor(seed) >>> 0;
}

/** Generates `count` vehicle records, each with its eventual url and the time of its last edit. */
export function generateRecords(count: number, seed = 1, options: GenerateOptions = {}): GeneratedRecord[] {
  if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a non-negative integer, got ${count}`);
  const nowMs = new Date(options.now ?? DEFAULT_GENERATION_NOW).getTime();
  const origin = (options.origin ?? 'http://127.0.0.1').replace(/\/+$/, '');
  const s = normaliseSeed(seed);
  const out: GeneratedRecord[] = new Array<GeneratedRecord>(count);
  let previous: number | undefined;
  for (let i = 0; i < count; i++) {
    const record = generateOne(i, s, nowMs, origin, previous);
    previous = record.editedAtMs;
    out[i] = record;
  }
  return out;
}

/**
 * Generates `count` vehicles as the portal would serve them at `options.now`: vehicles edited less
 * than `urlDelayMs` before it have no `url` yet.
 */
export function generateVehicles(count: number, seed = 1, options: GenerateOptions = {}): PortalVehicle[] {
  const nowMs = new Date(options.now ?? DEFAULT_GENERATION_NOW).getTime();
  const delay = options.urlDelayMs ?? DEFAULT_URL_DELAY_MS;
  return generateRecords(count, seed, options).map(({ vehicle, editedAtMs }) => {
    if (nowMs - editedAtMs >= delay) return vehicle;
    const { url: _url, ...rest } = vehicle;
    return rest;
  });
}
