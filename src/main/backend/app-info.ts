// What the About box and support need: version, where the data and logs are, the platform and
// the system's language.
import { join } from 'node:path';
import type { AppInfoView } from '../../shared/views';
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';

export function appInfo(dataDir: string, version: string | undefined): AppInfoView {
  return {
    version: version ?? process.env.npm_package_version ?? '0.0.0',
    dataFolder: dataDir,
    logsFolder: join(dataDir, 'logs'),
    platform: process.platform,
    systemLanguage: Intl.DateTimeFormat().resolvedOptions().locale,
  };
}

export function appInfoHandlers(ctx: BackendContext, version: string | undefined): Pick<Handlers, 'app.info'> {
  return { 'app.info': async () => appInfo(ctx.deps.dataDir, version) };
}
