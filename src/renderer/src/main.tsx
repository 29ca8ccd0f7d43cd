import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import { initI18n } from './i18n';
import { resolveLanguage } from '../../shared/i18n/language';
import './styles.css';

// Start in the system's language; the saved setting (read from main) takes over once known.
initI18n(resolveLanguage('system', navigator.language));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
