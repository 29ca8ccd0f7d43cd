// Message codes: main and the session say what happened as a code with parameters (an entry
// under `codes` in the dictionaries), and whoever shows it renders it in the reader's language:
// the renderer through i18next (`t('codes.' + code, params)`), the CLI and the logs through
// `renderMessage` below. Both read the same keys the same way — `{{name}}` filled from params,
// and with a numeric `count`, the plural form i18next would pick (`key_one`, `key_other`…, chosen
// by Intl.PluralRules, as i18next does) — so a text reads alike on screen and in a terminal.
import { AppError, type AppErrorOptions, type ErrorDetail, type ErrorKind, type MessageParams } from '../errors';
import type { UiLanguage } from '../views';
import { en, type Messages } from './en';
import { ptBR } from './pt-BR';

type Codes = Messages['codes'];
type Singular<K> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

/** Every code the dictionaries define: 'section.key' (plural forms named once, without suffix). */
export type MessageCode = { [S in keyof Codes]: `${S}.${Singular<keyof Codes[S] & string>}` }[keyof Codes];

/** The keys of one section ('syncNotes' → 'verified' | …), without plural suffixes. */
export type SectionKey<S extends string> = MessageCode extends infer C ? (C extends `${S}.${infer K}` ? K : never) : never;

export interface MessageRef {
  code: MessageCode;
  params?: MessageParams;
}

/** Each language's whole dictionary (labels that are no message code: fields, columns, enums). */
export const MESSAGES: Readonly<Record<UiLanguage, Messages>> = { en, 'pt-BR': ptBR };

const dictionaries: Record<UiLanguage, Codes> = { en: en.codes, 'pt-BR': ptBR.codes };

/** Fills `{{name}}` in a dictionary text; a name without a value is left as it is (visible, not silently dropped). */
export function fill(text: string, params: MessageParams = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** The dictionary text for a code, or undefined when the language has no such entry. */
export function messageText(language: UiLanguage, code: string, params: MessageParams = {}): string | undefined {
  const dot = code.indexOf('.');
  const section = (dictionaries[language] as unknown as Record<string, Readonly<Record<string, string>> | undefined>)[code.slice(0, dot)];
  if (dot < 0 || section === undefined) return undefined;
  const key = code.slice(dot + 1);
  const count = params.count;
  const candidates = typeof count === 'number' ? [`${key}_${new Intl.PluralRules(language).select(count)}`, `${key}_other`, key] : [key];
  const found = candidates.find((k) => Object.hasOwn(section, k));
  return found === undefined ? undefined : fill(section[found] as string, params);
}

/** A code in the reader's language; English when that language lacks it; the code itself as a last resort. */
export function renderMessage(language: UiLanguage, code: string, params?: MessageParams): string {
  return messageText(language, code, params) ?? messageText('en', code, params) ?? code;
}

/** A code rendered in one language; typed, so a code the dictionaries lack does not compile. */
export type Texts = (code: MessageCode, params?: MessageParams) => string;

/** `const t = textsIn(language); t('cli.noMatch')`: every text a command writes, in the reader's language. */
export function textsIn(language: UiLanguage): Texts {
  return (code, params) => renderMessage(language, code, params);
}

/** The dictionary's text for a kind of failure ('portal.<kind>'; 'app.internal' for kinds no portal call produces). */
export function kindMessage(kind: ErrorKind): MessageRef {
  return { code: Object.hasOwn(en.codes.portal, kind) ? (`portal.${kind}` as MessageCode) : 'app.internal' };
}

/** An AppError that carries its code and params, with the English text as its message (for logs). */
export function codedError(kind: ErrorKind, ref: MessageRef, detail?: ErrorDetail, options?: Omit<AppErrorOptions, 'code' | 'params'>): AppError {
  return new AppError(kind, renderMessage('en', ref.code, ref.params), detail, {
    ...options,
    code: ref.code,
    ...(ref.params === undefined ? {} : { params: ref.params }),
  });
}

/** A coded text (an error, an unpublish outcome) in `language`: its code rendered when the dictionary has it, else its English message. */
export function textOf(language: UiLanguage, error: { message: string; code?: string; params?: MessageParams }): string {
  return error.code === undefined ? error.message : (messageText(language, error.code, error.params) ?? error.message);
}
