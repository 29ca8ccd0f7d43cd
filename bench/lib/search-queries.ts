// Realistic inventory searches, drawn from the stock itself so they hit real data: brand and
// model names, partial words, plates typed every way dealers type them, references, words
// without their accents, price filters, and text combined with filters.
import type { InventoryQuery } from '../../src/shared/inventory';
import { createRandom } from '../../src/sandbox/random';

interface StockVehicle {
  reference?: string;
  title?: string;
  licensePlate?: string;
  brand?: { name?: string };
  trim?: { name?: string };
  fuel?: string;
  modelYear?: number;
  value?: number;
}

function prng(seed: number): () => number {
  const random = createRandom(seed);
  return () => random.next();
}

const stripAccents = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '');
const ACCENT_WORDS = [
  'unico dono',
  'cambio automatico',
  'camera de re',
  'direcao hidraulica',
  'revisoes em dia',
  'procedencia',
  'quilometro',
  'farois de neblina',
];

export function realisticQueries(stock: readonly unknown[], count: number, seed = 7): InventoryQuery[] {
  const random = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const vehicles = stock as StockVehicle[];
  const window = { offset: 0, limit: 50 };
  const out: InventoryQuery[] = [];
  while (out.length < count) {
    const v = pick(vehicles);
    const titleWords = (v.title ?? '').split(/\s+/).filter((w) => /^[\p{L}]{3,}$/u.test(w));
    const model = titleWords[1] ?? titleWords[0] ?? 'gol';
    const plate = v.licensePlate ?? 'ABC1D23';
    const brand = v.brand?.name ?? 'Fiat';
    const kind = Math.floor(random() * 12);
    let query: InventoryQuery;
    switch (kind) {
      case 0:
        query = { text: brand.toLowerCase() };
        break;
      case 1:
        query = { text: model };
        break;
      case 2:
        query = { text: `${brand} ${model}`.toLowerCase() };
        break;
      case 3:
        query = { text: model.slice(0, 3 + Math.floor(random() * 3)) };
        break; // partial word
      case 4:
        query = { text: `${plate.slice(0, 3)}-${plate.slice(3)}` };
        break; // plate with dash
      case 5:
        query = { text: plate.toLowerCase() };
        break; // plate without dash
      case 6:
        query = { text: plate.slice(-4) };
        break; // end of a plate, as read from a photo
      case 7:
        query = { text: v.reference ?? 'REF' };
        break;
      case 8:
        query = { text: pick(ACCENT_WORDS) };
        break; // accents missing
      case 9: {
        const base = v.value ?? 80_000;
        query = { filters: { price: { min: Math.round(base * 0.8), max: Math.round(base * 1.2) } }, sort: { field: 'value', dir: 'asc' } };
        break;
      }
      case 10:
        query = { text: stripAccents(model).toLowerCase(), filters: { fuel: [v.fuel ?? 'FLEX'], year: { min: (v.modelYear ?? 2018) - 2 } } };
        break;
      default:
        query = {
          text: (v.trim?.name ?? model).split(' ')[0],
          filters: { price: { max: Math.round((v.value ?? 100_000) * 1.5) } },
          sort: { field: 'mileage', dir: 'asc' },
        };
    }
    out.push({ ...query, window });
  }
  return out;
}
