import { useCallback, useEffect, useState } from 'react';
import type { ChannelInput } from '../../../shared/contract';
import type { AppInfoView, SettingsView } from '../../../shared/views';
import { api } from '../api';
import { useApiEvent } from './useApiEvent';

export interface SettingsState {
  settings: SettingsView | null;
  appInfo: AppInfoView | null;
  update: (change: ChannelInput<'settings.set'>) => Promise<SettingsView>;
}

export function useSettings(): SettingsState {
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [appInfo, setAppInfo] = useState<AppInfoView | null>(null);

  useEffect(() => {
    api.call('settings.get', {}).then(setSettings, () => undefined);
    api.call('app.info', {}).then(setAppInfo, () => undefined);
  }, []);
  useApiEvent('settings.changed', setSettings);

  const update = useCallback(async (change: ChannelInput<'settings.set'>) => {
    const next = await api.call('settings.set', change);
    setSettings(next);
    return next;
  }, []);

  return { settings, appInfo, update };
}
