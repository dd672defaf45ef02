/**
 * The editor's calls (spec §7 Profiles, Approvals, Banners/uploads, themes):
 * one fetcher each, on the hub's one API client.
 */
import type { EditorContent, MissingItem, ProfileChanges, ProfileEditorView, ThemeListItem } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

const editorViewKey = (profileId: number) => ['profile-editor', profileId] as const;

/** GET /profiles/{id}?populate=self-service. */
export const editorViewOptions = (profileId: number) =>
  queryOptions({
    queryKey: editorViewKey(profileId),
    queryFn: ({ signal }) => apiRequest<ProfileEditorView>(`/api/profiles/${profileId}`, { query: { populate: 'self-service' }, signal }),
    // The editor owns the document once loaded: a refetch must never replace what someone is typing.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export type SaveAnswer = { success: true; message: number; companyId: number; hideNotification: boolean; version: number };
/** The 409 body of a stale save: what is stored now. */
export type StaleBody = { message: string; currentVersion: number; content: EditorContent };

/** PATCH /profiles/{id} {version, changes}: autosave with only the changed fields. */
export function patchProfile(profileId: number, version: number, changes: ProfileChanges): Promise<SaveAnswer> {
  return apiRequest<SaveAnswer>(`/api/profiles/${profileId}`, { method: 'PATCH', body: { version, changes } });
}

export type PublishAnswer = { success: true; site: { netlifySiteID: string; siteId: string; domainName: string }; publishedAt: string };
/** 400 of a publish: the Profile Checklist's items (or no alias yet). */
export type PublishBlocked = { code: string; message: string; missing?: MissingItem[] };

/** PUT /profiles/{id}/publish: the build (spec §4 step 5). */
export function publishProfile(profileId: number): Promise<PublishAnswer> {
  return apiRequest<PublishAnswer>(`/api/profiles/${profileId}/publish`, { method: 'PUT' });
}

/** Alias test: 200 with the cleaned alias when this profile may take it; otherwise the server's message. */
export function testAlias(profileId: number, alias: string, signal?: AbortSignal): Promise<{ success: boolean; message: string }> {
  return apiRequest(`/api/profiles/${profileId}/alias/test`, { method: 'POST', body: { alias }, signal });
}

/** Set-alias (once only). */
export function setAlias(profileId: number, alias: string): Promise<{ success: true; alias: string }> {
  return apiRequest(`/api/profiles/${profileId}/alias`, { method: 'PUT', body: { alias } });
}

type ApprovalAnswer = { success: true; data: { id: number; approved: boolean | null } };

/** POST /approvals {targetProfile, requestedAt, company, profileId}. */
export function requestApproval(profileId: number, companyId: number): Promise<ApprovalAnswer> {
  return apiRequest(`/api/approvals`, {
    method: 'POST',
    body: { targetProfile: profileId, profileId, company: companyId, requestedAt: new Date().toISOString() },
  });
}

/** PUT /approvals/single/{id} {approved: null, requestedAt}: ask again. */
export function reRequestApproval(approvalId: number): Promise<ApprovalAnswer> {
  return apiRequest(`/api/approvals/single/${approvalId}`, { method: 'PUT', body: { approved: null, requestedAt: new Date().toISOString() } });
}

/** PUT /approvals/respond/{id}: a supervisor approves their own pending request directly (no rebuild; the build follows). */
export function approveDirectly(approvalId: number): Promise<ApprovalAnswer> {
  return apiRequest(`/api/approvals/respond/${approvalId}`, { method: 'PUT', body: { approved: true, message: null, rebuild: false } });
}

/** GET /profile-stylings/default-themes (the theme picker). */
export const themesOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['themes', companyId],
    queryFn: ({ signal }) => apiRequest<{ data: ThemeListItem[] }>('/api/profile-stylings/default-themes', { query: { companyId }, signal }),
    select: (answer) => answer.data,
  });

/** PUT /profile-stylings/{id} {data}: the theme's (global) CSS. */
export function saveThemeCss(themeId: number, cssPlug: string): Promise<{ success: true; data: ThemeListItem }> {
  return apiRequest(`/api/profile-stylings/${themeId}`, { method: 'PUT', body: { data: { id: themeId, cssPlug } } });
}
