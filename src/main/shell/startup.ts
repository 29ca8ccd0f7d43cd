// Start-up: what the app does with events that arrive while it is still starting, and what it
// tells the dealer when starting fails. Pure: index.ts passes in the state and carries out the answer.
import { en } from '../../shared/i18n/en';
import { fill } from '../../shared/i18n/messages';
import { ptBR } from '../../shared/i18n/pt-BR';
import type { UiLanguage } from '../../shared/views';

export type StartupState = 'starting' | 'ready' | 'failed';

/**
 * macOS `activate` (a Dock click) can arrive before start-up has registered the IPC handlers and
 * protocols: a window created then is blank ("No handler registered"), and start-up creates a
 * second one. Wait for start-up, then create a window only if there still is none.
 */
export function activateAction(state: StartupState, openWindows: number): 'wait' | 'create' | 'nothing' {
  if (state === 'starting') return 'wait';
  if (state === 'failed') return 'nothing';
  return openWindows === 0 ? 'create' : 'nothing';
}

export function shellTexts(language: UiLanguage): (typeof en)['shell'] {
  return (language === 'pt-BR' ? ptBR : en).shell;
}

export interface MessageBox {
  type: 'error' | 'question' | 'warning';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
}

/**
 * Start-up failed: say so and where the log is, then exit. Without it the process would keep the
 * single-instance lock with no window, and every later launch would hand over to it and exit silently.
 */
export function startupFailedBox(language: UiLanguage, logFile: string): MessageBox {
  const t = shellTexts(language);
  return {
    type: 'error',
    title: t.startupFailedTitle,
    message: t.startupFailedMessage,
    detail: fill(t.startupFailedDetail, { log: logFile }),
    buttons: ['OK'],
    defaultId: 0,
    cancelId: 0,
  };
}

/** A sync is running and the dealer quits: button 0 quits, button 1 (the default, and Esc) keeps syncing. */
export function quitDuringSyncBox(language: UiLanguage): MessageBox {
  const t = shellTexts(language);
  return {
    type: 'question',
    title: t.quitDuringSyncTitle,
    message: t.quitDuringSyncMessage,
    detail: t.quitDuringSyncDetail,
    buttons: [t.quitAnyway, t.keepSyncing],
    defaultId: 1,
    cancelId: 1,
  };
}

export const QUIT_ANYWAY_BUTTON = 0;

/** The renderer failed to load again and again: the window is shown with this, rather than never. */
export function windowFailedBox(language: UiLanguage, attempts: number, logFile: string): MessageBox {
  const t = shellTexts(language);
  return {
    type: 'error',
    title: 'Showroom',
    message: t.windowFailedMessage,
    detail: fill(t.windowFailedDetail, { count: attempts, log: logFile }),
    buttons: ['OK'],
    defaultId: 0,
    cancelId: 0,
  };
}
