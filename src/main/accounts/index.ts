export { checkBaseUrl, isLoopbackHost, type BaseUrlCheck } from '../../shared/base-url';
export {
  createAccountStore,
  DEFAULT_SETTINGS,
  type Account,
  type AccountSettings,
  type AccountStore,
  type AccountStoreOptions,
  type NewAccount,
  type AccountChanges,
} from './store';
export { testConnection, type ConnectionOutcome, type TestConnectionInput } from './test-connection';
