// Message codes: every code main can send has a text in both dictionaries, with the same
// placeholders and plural forms, and the CLI's renderer (renderMessage) writes exactly what the
// UI's i18next writes for it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { noteCodes } from '../../src/shared/sync-notes';
import { ERROR_KINDS } from '../../src/shared/errors';
import { en } from '../../src/shared/i18n/en';
import { codedError, kindMessage, messageText, renderMessage } from '../../src/shared/i18n/messages';
import { ptBR } from '../../src/shared/i18n/pt-BR';
import type { UiLanguage } from '../../src/shared/views';

const LANGUAGES: readonly UiLanguage[] = ['en', 'pt-BR'];
/** Where codes are written: main (and the session), and the shared code the renderer and the CLI run. */
const SOURCES = [join(__dirname, '../../src/main'), join(__dirname, '../../src/shared')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every `code: 'section.key'` written in main's and shared's source, plus the codes built from names. */
function codesInMain(): string[] {
  const written = SOURCES.flatMap(sourceFiles).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bcode: '([a-zA-Z]+\.[a-zA-Z_]+)'/g)].map((m) => m[1] as string),
  );
  const built = [
    ...ERROR_KINDS.map((k) => kindMessage(k).code),
    ...noteCodes(Object.fromEntries(Object.keys(en.codes.syncNotes).map((k) => [k.replace(/_(one|other)$/, ''), 2]))).map((r) => r.code),
  ];
  return [...new Set([...written, ...built])].sort();
}

/** Every code the dictionaries define, plural suffixes folded. */
function dictionaryCodes(codes: Record<string, Record<string, string>>): string[] {
  return [
    ...new Set(
      Object.entries(codes).flatMap(([section, keys]) => Object.keys(keys).map((k) => `${section}.${k.replace(/_(zero|one|two|few|many|other)$/, '')}`)),
    ),
  ].sort();
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('message codes', () => {
  it('every code main sends has a text in both languages', () => {
    const codes = codesInMain();
    expect(codes.length).toBeGreaterThan(30);
    for (const code of codes) for (const language of LANGUAGES) expect(messageText(language, code, { count: 1 }), `${language}: ${code}`).toBeTypeOf('string');
  });

  it('the dictionaries have the same codes, plural forms and placeholders', () => {
    expect(dictionaryCodes(ptBR.codes)).toEqual(dictionaryCodes(en.codes));
    for (const [section, keys] of Object.entries(en.codes)) {
      const other = (ptBR.codes as Record<string, Record<string, string>>)[section] ?? {};
      expect(Object.keys(other).sort(), section).toEqual(Object.keys(keys).sort());
      for (const [key, text] of Object.entries(keys)) expect(placeholders(other[key] ?? ''), `${section}.${key}`).toEqual(placeholders(text));
    }
  });

  it('renders as i18next does, plurals included', () => {
    for (const language of LANGUAGES) {
      const i18n = i18next.createInstance();
      void i18n.init({
        resources: { en: { translation: en }, 'pt-BR': { translation: ptBR } },
        lng: language,
        fallbackLng: 'en',
        interpolation: { escapeValue: false },
        initAsync: false,
      });
      for (const code of dictionaryCodes(en.codes)) {
        for (const count of [1, 3]) {
          const params = {
            count,
            host: 'h.example',
            origin: 'https://o.example',
            reference: 'AB-1',
            status: 503,
            portalMessage: 'preço inválido',
            reason: 'x',
          };
          expect(renderMessage(language, code, params), `${language} ${code} ${count}`).toBe(i18n.t(`codes.${code}` as never, params));
        }
      }
    }
  });

  it('picks the plural form for the count, in each language', () => {
    expect(renderMessage('en', 'syncNotes.photosFailed', { count: 1 })).toBe('1 photo could not be downloaded.');
    expect(renderMessage('en', 'syncNotes.photosFailed', { count: 2 })).toBe('2 photos could not be downloaded.');
    expect(renderMessage('pt-BR', 'syncNotes.photosFailed', { count: 2 })).toBe('2 fotos não puderam ser baixadas.');
    // An unknown code is shown as itself, never as an empty line.
    expect(renderMessage('pt-BR', 'nope.missing')).toBe('nope.missing');
  });

  it('a coded error carries its code and params across, with the English text for the logs', () => {
    const error = codedError('not_found', { code: 'portal.noListing', params: { reference: 'AB-1' } }, { status: 404 });
    expect(error.message).toBe('The portal has no listing with the reference “AB-1”.');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      kind: 'not_found',
      message: error.message,
      code: 'portal.noListing',
      params: { reference: 'AB-1' },
      detail: { status: 404 },
    });
    expect(renderMessage('pt-BR', error.code, error.params)).toBe('O portal não tem anúncio com a referência “AB-1”.');
  });
});
