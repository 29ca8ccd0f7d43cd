// Typed translation keys: a missing or misspelt key fails the type check.
import 'i18next';
import type { Messages } from '../../../shared/i18n/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
