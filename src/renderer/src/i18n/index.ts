// i18next set-up: English and Português do Brasil, bundled (no network, no backend).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageSetting, UiLanguage } from '../../../shared/views';
import { resolveLanguage } from '../../../shared/i18n/language';
import { en } from '../../../shared/i18n/en';
import { ptBR } from '../../../shared/i18n/pt-BR';

export const UI_LANGUAGES: readonly UiLanguage[] = ['en', 'pt-BR'];
export const messages: Record<UiLanguage, typeof en> = { en, 'pt-BR': ptBR };

export function initI18n(language: UiLanguage): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, 'pt-BR': { translation: ptBR } },
    lng: language,
    fallbackLng: 'en',
    // React escapes everything it renders; never turn that off by rendering HTML.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = language;
  return i18next;
}

export function setUiLanguage(language: UiLanguage): void {
  if (i18next.language !== language) void i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The screen in the language a setting names ('system': the system's). */
export function applyLanguageSetting(setting: LanguageSetting | undefined): void {
  setUiLanguage(resolveLanguage(setting, navigator.language));
}
