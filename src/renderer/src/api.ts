// The typed client over window.showroom: calls return values or throw BridgeError.
import { createClient } from '../../shared/client';

export const api = createClient(window.showroom);
export { BridgeError, isBridgeError } from '../../shared/client';
