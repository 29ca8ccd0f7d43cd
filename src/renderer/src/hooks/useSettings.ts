import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ChannelInput } from '../../../shared/contract';
import type { AppInfoView, SettingsView } from '../../../shared/views';
import { api } from '../api';
import { applyLanguageSetting } from '../i18n';
import { channelKey, useChannel } from '../query/useChannel';

export interface SettingsState {
  settings: SettingsView | null;
  appInfo: AppInfoView | null;
  /** Reading either failed: shown on the Settings screen, logged by the query cache. */
  error: Error | null;
  retry: () => void;
  update: (change: ChannelInput<'settings.set'>) => Promise<SettingsView>;
}

export function useSettings(): SettingsState {
  const client = useQueryClient();
  const settings = useChannel('settings.get', {});
  const appInfo = useChannel('app.info', {});
  const { refetch: refetchSettings } = settings;
  const { refetch: refetchInfo } = appInfo;

  const update = useCallback(
    async (change: ChannelInput<'settings.set'>) => {
      const next = await api.call('settings.set', change);
      // At once, not in the effect after the next render: what the caller says next (the notice
      // that confirms the change) is in the language just chosen.
      applyLanguageSetting(next.language);
      client.setQueryData(channelKey('settings.get', {}), next);
      return next;
    },
    [client],
  );
  const retry = useCallback(() => {
    void refetchSettings();
    void refetchInfo();
  }, [refetchSettings, refetchInfo]);

  return { settings: settings.data ?? null, appInfo: appInfo.data ?? null, error: settings.error ?? appInfo.error, retry, update };
}
