export { createKeytarKeychain, KEYCHAIN_UNAVAILABLE_MESSAGE, type Keychain } from './keychain';
