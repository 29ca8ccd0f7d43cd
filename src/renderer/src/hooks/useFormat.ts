// Intl formatting in the UI language: prices in reais (BRL), mileage in km, dates, relative times.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../shared/views';
import { enumLabel, type EnumKind } from '../../../shared/i18n/enums';
import { relativeTime } from '../../../shared/i18n/relativeTime';

export interface Formatters {
  language: UiLanguage;
  money: (value: number | null | undefined) => string;
  /** Whole reais, for the list's narrow column. */
  moneyWhole: (value: number | null | undefined) => string;
  number: (value: number | null | undefined) => string;
  km: (value: number | null | undefined) => string;
  date: (iso: string | null | undefined) => string;
  shortDate: (iso: string | null | undefined) => string;
  dateTime: (iso: string | null | undefined) => string;
  relative: (iso: string, now: number) => string;
  duration: (ms: number) => string;
  percent: (ratio: number) => string;
  enumValue: (kind: EnumKind, value: string | null | undefined) => string;
  /** Manufacture/model, as Brazilian listings write them ("2020/2021"); one year when only one is known. */
  years: (manufactured: number | null | undefined, model: number | null | undefined) => string;
}

const DASH = '—';

export function makeFormatters(language: UiLanguage): Formatters {
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'BRL' });
  const moneyWhole = new Intl.NumberFormat(language, { style: 'currency', currency: 'BRL', minimumFractionDigits: 0, maximumFractionDigits: 0 });
  const number = new Intl.NumberFormat(language);
  const km = new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const shortDate = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: '2-digit' });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const parse = (iso: string | null | undefined) => {
    if (!iso) return null;
    const t = Date.parse(iso);
    return Number.isNaN(t) ? null : new Date(t);
  };
  const num = (f: Intl.NumberFormat) => (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? DASH : f.format(v));
  return {
    language,
    money: num(money),
    moneyWhole: num(moneyWhole),
    number: num(number),
    km: num(km),
    date: (iso) => {
      const d = parse(iso);
      return d ? date.format(d) : (iso ?? DASH);
    },
    shortDate: (iso) => {
      const d = parse(iso);
      return d ? shortDate.format(d) : (iso ?? DASH);
    },
    dateTime: (iso) => {
      const d = parse(iso);
      return d ? dateTime.format(d) : (iso ?? DASH);
    },
    relative: (iso, now) => relativeTime(iso, now, language),
    duration: (ms) => {
      const s = Math.max(0, Math.round(ms / 1000));
      const m = Math.floor(s / 60);
      return m > 0 ? `${m} min ${s % 60} s` : `${s} s`;
    },
    percent: (ratio) => percent.format(ratio),
    enumValue: (kind, value) => enumLabel(language, kind, value) || DASH,
    years: (manufactured, model) => (manufactured != null && model != null ? `${manufactured}/${model}` : String(model ?? manufactured ?? DASH)),
  };
}

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const language: UiLanguage = i18n.language === 'pt-BR' ? 'pt-BR' : 'en';
  return useMemo(() => makeFormatters(language), [language]);
}
