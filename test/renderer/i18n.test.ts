// Shared locale code the renderer uses: language choice, enum labels, message parity, relative times.
import { describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { enumLabel } from '../../src/shared/i18n/enums';
import { resolveLanguage } from '../../src/shared/i18n/language';
import { ptBR } from '../../src/shared/i18n/pt-BR';
import { relativeTime } from '../../src/shared/i18n/relativeTime';

describe('language and labels', () => {
  it('follows the setting, or the system for "system"', () => {
    expect(resolveLanguage('en', 'pt-BR')).toBe('en');
    expect(resolveLanguage('system', 'pt-BR')).toBe('pt-BR');
    expect(resolveLanguage('system', 'pt-PT')).toBe('pt-BR');
    expect(resolveLanguage('system', 'de-DE')).toBe('en');
    expect(resolveLanguage(undefined, undefined)).toBe('en');
  });
  it('labels known enum values and shows unknown ones as they came', () => {
    expect(enumLabel('en', 'fuel', 'ELETRIC')).toBe('Electric');
    expect(enumLabel('pt-BR', 'fuel', 'ELETRIC')).toBe('Elétrico');
    expect(enumLabel('pt-BR', 'fuel', 'GASOLINE')).toBe('Gasolina');
    expect(enumLabel('en', 'fuel', 'ALCOHOL')).toBe('ALCOHOL');
    expect(enumLabel('en', 'color', 'toString')).toBe('toString');
    expect(enumLabel('en', 'type', null)).toBe('');
  });
  it('has the same keys in both languages', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(ptBR).sort()).toEqual(keys(en).sort());
  });
});

describe('relative time', () => {
  it('says how long ago, in the UI language', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(relativeTime('2026-01-10T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2026-01-10T11:55:00Z', now, 'pt-BR')).toBe('há 5 minutos');
    expect(relativeTime('2026-01-10T11:59:50Z', now, 'en')).toBe('now');
    expect(relativeTime('garbage', now, 'en')).toBe('garbage');
  });
});
