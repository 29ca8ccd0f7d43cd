// Which UI language to show: the dealer's choice, or the system's when they chose "System".
import type { LanguageSetting, UiLanguage } from '../views';

export function resolveLanguage(setting: LanguageSetting | undefined, systemLanguage: string | undefined): UiLanguage {
  if (setting === 'en' || setting === 'pt-BR') return setting;
  return (systemLanguage ?? '').toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
}
