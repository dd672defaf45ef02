import type { ThemeResponse } from '@profilehub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { themesOptions } from './get-themes.ts';

/** PUT /profile-stylings/{id} {data}: the theme's (global) CSS. */
function saveThemeCss({ themeId, cssPlug }: { themeId: number; cssPlug: string }): Promise<ThemeResponse> {
  return apiRequest<ThemeResponse>(`/api/profile-stylings/${themeId}`, { method: 'PUT', body: { data: { id: themeId, cssPlug } } });
}

/** Saves a theme's CSS, then refetches the division's themes before it counts as done. */
export function useSaveThemeCss(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveThemeCss,
    onSuccess: () => client.invalidateQueries({ queryKey: themesOptions(companyId).queryKey }),
  });
}
