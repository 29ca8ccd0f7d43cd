// How Showroom writes a price, a distance, a date and a listing's years, in one place for the
// screen, the terminal and the change lists (issue 32, item 8: one format per thing):
// - a price in reais without cents when it has none ("R$ 52.900"), with them when it has
//   ("R$ 49.990,50"), in the list, the detail, the edit form and the CLI alike;
// - a date in a list or table as numbers with the whole year ("26/11/2026"), in a listing's
//   detail as words ("26 de nov. de 2026"); the same two styles with the time;
// - years as Brazilian listings write them, manufacture/model ("2020/2021").
// Files for spreadsheets (the export) keep ISO dates and plain numbers, which a spreadsheet reads as
// dates and numbers whatever its language (main/export).
import type { UiLanguage } from '../views';
import { enumLabel, type EnumKind } from './enums';
import { relativeTime } from './relativeTime';
import { yearsText } from '../vehicle';

export interface Formatters {
  language: UiLanguage;
  /** A price: cents only when it has them. */
  money: (value: number | null | undefined) => string;
  /** A figure about prices (a median, a band's edge), rounded to the real: the price's look, never cents. */
  moneyWhole: (value: number | null | undefined) => string;
  number: (value: number | null | undefined) => string;
  km: (value: number | null | undefined) => string;
  /** A date in a list or a table: "26/11/2026", "11/26/2026". */
  listDate: (iso: string | Date | null | undefined) => string;
  /** A date and time in a list or a table: "26/11/2026 09:08". */
  listDateTime: (iso: string | Date | null | undefined) => string;
  /** A date in a listing's detail or a sentence: "26 de nov. de 2026", "Nov 26, 2026". */
  date: (iso: string | Date | null | undefined) => string;
  /** A date and time in a listing's detail or a sentence. */
  dateTime: (iso: string | Date | null | undefined) => string;
  relative: (iso: string, now: number) => string;
  duration: (ms: number) => string;
  percent: (ratio: number) => string;
  enumValue: (kind: EnumKind, value: string | null | undefined) => string;
  /** Manufacture/model, as Brazilian listings write them ("2020/2021"); one year when only one is known. */
  years: (manufactured: number | null | undefined, model: number | null | undefined) => string;
}

export const DASH = '—';

/** Options for Intl, shared by every place that writes a date (a time zone for the terminal's UTC). */
function dateFormats(language: UiLanguage, timeZone?: string) {
  const zone = timeZone === undefined ? {} : { timeZone };
  const numeric = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
  return {
    listDate: new Intl.DateTimeFormat(language, { ...numeric, ...zone }),
    listDateTime: new Intl.DateTimeFormat(language, { ...numeric, hour: '2-digit', minute: '2-digit', ...zone }),
    date: new Intl.DateTimeFormat(language, { dateStyle: 'medium', ...zone }),
    dateTime: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', ...zone }),
  };
}

const cache = new Map<string, Formatters>();

/** The formatters for a language (the local time zone unless one is given: the CLI prints UTC). */
export function makeFormatters(language: UiLanguage, timeZone?: string): Formatters {
  const key = `${language}|${timeZone ?? ''}`;
  const known = cache.get(key);
  if (known) return known;
  const cents = new Intl.NumberFormat(language, { style: 'currency', currency: 'BRL' });
  const whole = new Intl.NumberFormat(language, { style: 'currency', currency: 'BRL', minimumFractionDigits: 0, maximumFractionDigits: 0 });
  const number = new Intl.NumberFormat(language);
  const km = new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const dates = dateFormats(language, timeZone);
  const parse = (iso: string | Date | null | undefined): Date | null => {
    if (!iso) return null;
    const t = iso instanceof Date ? iso.getTime() : Date.parse(iso);
    return Number.isNaN(t) ? null : new Date(t);
  };
  const num = (format: (v: number) => string) => (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? DASH : format(v));
  const day = (f: Intl.DateTimeFormat) => (iso: string | Date | null | undefined) => {
    const d = parse(iso);
    return d ? f.format(d) : typeof iso === 'string' && iso !== '' ? iso : DASH;
  };
  const formatters: Formatters = {
    language,
    money: num((v) => (Math.round(v * 100) % 100 === 0 ? whole : cents).format(v)),
    moneyWhole: num((v) => whole.format(v)),
    number: num((v) => number.format(v)),
    km: num((v) => km.format(v)),
    listDate: day(dates.listDate),
    listDateTime: day(dates.listDateTime),
    date: day(dates.date),
    dateTime: day(dates.dateTime),
    relative: (iso, now) => relativeTime(iso, now, language),
    duration: (ms) => {
      const s = Math.max(0, Math.round(ms / 1000));
      const m = Math.floor(s / 60);
      return m > 0 ? `${m} min ${s % 60} s` : `${s} s`;
    },
    percent: (ratio) => percent.format(ratio),
    enumValue: (kind, value) => enumLabel(language, kind, value) || DASH,
    years: (manufactured, model) => yearsText(manufactured, model) || DASH,
  };
  cache.set(key, formatters);
  return formatters;
}
