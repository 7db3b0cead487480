// The settings record as the cards beside the settings form share it: one query, and a save that
// puts the saved record into it, so every card and the dashboard read the same settings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider';
import { queryKeys } from '../queryKeys';
import type { AdminSettings } from './api';

export function useSettings() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  return useQuery({ queryKey: queryKeys.settings, queryFn: () => dataProvider.settings(), retry: false });
}

/** Saves a part of the settings; `onSaved` gets the saved record and the server's message. */
export function useSaveSettings({
  onSaved,
  onFailed,
}: {
  onSaved: (settings: AdminSettings, message: string) => void;
  onFailed: (error: unknown) => void;
}) {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminSettings) => dataProvider.updateSettings(patch),
    onSuccess: ({ settings, message }) => {
      queryClient.setQueryData(queryKeys.settings, settings);
      onSaved(settings, message);
    },
    onError: onFailed,
  });
}
