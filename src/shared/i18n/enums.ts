// Readable labels for the portal's open enums; an unknown value is shown exactly as it came.
import type { UiLanguage } from '../views';
import { en } from './en';
import { ptBR } from './pt-BR';

export type EnumKind = 'type' | 'fuel' | 'gearbox' | 'color';

const tables: Record<UiLanguage, typeof en.enums> = { en: en.enums, 'pt-BR': ptBR.enums };

export function enumLabel(language: UiLanguage, kind: EnumKind, value: string | null | undefined): string {
  if (value == null || value === '') return '';
  const table = tables[language][kind];
  return Object.hasOwn(table, value) ? (table[value] ?? value) : value;
}
