// The shared formatters (shared/i18n/format.ts) in the UI language.
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../shared/views';
import { makeFormatters, type Formatters } from '../../../shared/i18n/format';

export { makeFormatters, type Formatters };

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const language: UiLanguage = i18n.language === 'pt-BR' ? 'pt-BR' : 'en';
  return makeFormatters(language);
}
