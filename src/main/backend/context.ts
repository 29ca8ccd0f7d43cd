// What every domain of the backend shares: the deps, the stores and the active session, plus the
// reaction to a refused token that matters everywhere.
import { marksOffline } from '../../shared/error-policy';
import { AppError, type ErrorKind } from '../../shared/errors';
import type { AccountStore } from '../accounts';
import type { BackendDeps } from '../ipc/backend';
import type { Logger } from '../base/logger';
import type { AppStateStore } from '../app-data/app-state';
import type { SessionManager } from './session';
import type { SettingsStore } from '../app-data/settings-store';

export interface BackendContext {
  deps: BackendDeps;
  log: Logger;
  accounts: AccountStore;
  state: AppStateStore;
  settings: SettingsStore;
  sessions: SessionManager;
  /** The portal's refusal of the stored token, from wherever it was noticed. */
  markTokenRefused(accountId: string): Promise<void>;
}

export function errorKind(error: unknown): ErrorKind | undefined {
  if (error instanceof AppError) return error.kind;
  if (error && typeof error === 'object' && 'kind' in error && typeof error.kind === 'string') return error.kind as ErrorKind;
  return undefined;
}

/** The portal cannot be reached (the error policy decides which kinds say so). */
export function isOfflineKind(kind: ErrorKind | undefined): boolean {
  return marksOffline(kind);
}
