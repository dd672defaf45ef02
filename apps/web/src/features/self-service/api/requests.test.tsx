import {
  AliasBodySchema,
  CreateApprovalSchema,
  CreatePermissionsSchema,
  PatchProfileSchema,
  ProfileQuerySchema,
  PublishQuerySchema,
  ReRequestApprovalSchema,
  RespondApprovalSchema,
  SignatureQuerySchema,
  ThemesQuerySchema,
  UpdatePermissionsSchema,
  UpdateThemeSchema,
} from '@profilehub/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { errorBody, type MockCall, mockFetch } from '../../../test/fetch-mock.ts';
import { useApproveDirectly } from './approve-directly.ts';
import { createPermissionRecord } from './create-permission-record.ts';
import { deleteUpload } from './delete-upload.ts';
import { editorViewOptions } from './get-profile-editor-view.ts';
import { signatureOptions } from './get-signature.ts';
import { templateRebuildOptions } from './get-template-rebuild.ts';
import { themesOptions } from './get-themes.ts';
import { patchProfile } from './patch-profile.ts';
import { usePublishProfile } from './publish-profile.ts';
import { useReRequestApproval } from './re-request-approval.ts';
import { rebuildChildren } from './rebuild-children.ts';
import { registerRichTextImage } from './register-rich-text-image.ts';
import { removeRichTextImage } from './remove-rich-text-image.ts';
import { useRequestApproval } from './request-approval.ts';
import { resetPermissionRecord } from './reset-permission-record.ts';
import { useSaveThemeCss } from './save-theme-css.ts';
import { useSetAlias } from './set-alias.ts';
import { testAlias } from './test-alias.ts';
import { updatePermissionRecord } from './update-permission-record.ts';

beforeEach(() => sessionStorage.setItem('jwt', 'token'));

/** A hook's mutation run to its end, inside its own query client. */
async function mutate<A>(useHook: () => { mutateAsync: (arg: A) => Promise<unknown> }, arg: A): Promise<void> {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(useHook, { wrapper });
  await act(() => result.current.mutateAsync(arg));
}

/** What the server's route does with the request: its shared zod schema must accept it. */
function expectAccepted(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? []).toEqual([]);
}
const queryOf = (call: MockCall) => Object.fromEntries(call.query.entries());

/**
 * The editor's API calls, one by one: each goes to its route with the method and path the server
 * registers, and with a body and query the route's own shared schema accepts (the schemas the
 * server validates with, so a change on either side breaks this test).
 */
describe('The self-service API calls send what their routes accept', () => {
  it('autosave: PATCH /api/profiles/{id} {version, changes}', async () => {
    const calls = mockFetch({ 'PATCH /api/profiles/7': { body: { success: true, version: 4 } } });
    await patchProfile(7, 3, { fullName: 'Jane Doe' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/profiles/7']);
    expect(calls[0]!.body).toEqual({ version: 3, changes: { fullName: 'Jane Doe' } });
    expectAccepted(PatchProfileSchema, calls[0]!.body);
    expect(calls[0]!.headers.authorization).toBe('Bearer token');
  });

  it('the editor’s view: GET /api/profiles/{id}?populate=self-service', async () => {
    const calls = mockFetch({ 'GET /api/profiles/7': { body: { profile: { id: 7 } } } });
    await new QueryClient().fetchQuery(editorViewOptions(7));
    expect(calls[0]!.path).toBe('/api/profiles/7');
    expect(queryOf(calls[0]!)).toEqual({ populate: 'self-service' });
    expectAccepted(ProfileQuerySchema, queryOf(calls[0]!));
  });

  it('publish: PUT /api/profiles/{id}/publish, with confirm=declined only when asked', async () => {
    const calls = mockFetch({ 'PUT /api/profiles/7/publish': { body: { success: true } } });
    await mutate(usePublishProfile, { profileId: 7 });
    await mutate(usePublishProfile, { profileId: 7, confirm: 'declined' as const });
    expect(calls.map((c) => [c.method, c.path, queryOf(c)])).toEqual([
      ['PUT', '/api/profiles/7/publish', {}],
      ['PUT', '/api/profiles/7/publish', { confirm: 'declined' }],
    ]);
    for (const call of calls) expectAccepted(PublishQuerySchema, queryOf(call));
  });

  it('the address: tried (POST /api/profiles/{id}/alias/test {alias}), then set (PUT /api/profiles/{id}/alias {alias})', async () => {
    const calls = mockFetch({
      'POST /api/profiles/7/alias/test': { body: { success: true, message: 'jane-doe' } },
      'PUT /api/profiles/7/alias': { body: { success: true, alias: 'jane-doe' } },
    });
    await testAlias(7, 'Jane Doe');
    await mutate(useSetAlias, { profileId: 7, alias: 'jane-doe' });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/profiles/7/alias/test', { alias: 'Jane Doe' }],
      ['PUT', '/api/profiles/7/alias', { alias: 'jane-doe' }],
    ]);
    for (const call of calls) expectAccepted(AliasBodySchema, call.body);
  });

  it('approvals: request (POST /api/approvals), ask again (PUT …/single/{id}), approve one’s own (PUT …/respond/{id})', async () => {
    const calls = mockFetch({
      'POST /api/approvals': { body: { success: true } },
      'PUT /api/approvals/single/9': { body: { success: true } },
      'PUT /api/approvals/respond/9': { body: { success: true } },
    });
    await mutate(useRequestApproval, { profileId: 7, companyId: 2 });
    await mutate(useReRequestApproval, 9);
    await mutate(useApproveDirectly, 9);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/approvals', 'PUT /api/approvals/single/9', 'PUT /api/approvals/respond/9']);
    expect(calls[0]!.body).toMatchObject({ profileId: 7, targetProfile: 7, company: 2 });
    expectAccepted(CreateApprovalSchema, calls[0]!.body);
    expect(calls[1]!.body).toMatchObject({ approved: null });
    expectAccepted(ReRequestApprovalSchema, calls[1]!.body);
    // Approved at once, without a build of its own: the editor publishes next.
    expect(calls[2]!.body).toEqual({ approved: true, message: null, rebuild: false });
    expectAccepted(RespondApprovalSchema, calls[2]!.body);
  });

  it('a template’s permissions: create (POST /api/permissions), update (PUT …/{id}), reset (DELETE …/{id}/entries)', async () => {
    const entry = { key: 'website', show: true, edit: false, optional: true, sortable: true };
    const record = { success: true, data: { id: 5 } };
    const calls = mockFetch({
      'POST /api/permissions': { body: record },
      'PUT /api/permissions/5': { body: record },
      'DELETE /api/permissions/5/entries': { body: record },
    });
    await createPermissionRecord({ profileId: 12, kind: 'child', title: 'Child permissions', permissions: [entry] });
    await updatePermissionRecord(5, [entry]);
    await resetPermissionRecord(5);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/permissions', 'PUT /api/permissions/5', 'DELETE /api/permissions/5/entries']);
    expectAccepted(CreatePermissionsSchema, calls[0]!.body);
    expectAccepted(UpdatePermissionsSchema, calls[1]!.body);
    expect(calls[2]!.body).toBeUndefined();
  });

  it('themes: listed for the division (GET …/default-themes?companyId), a theme’s CSS saved (PUT /api/profile-stylings/{id})', async () => {
    const calls = mockFetch({
      'GET /api/profile-stylings/default-themes': { body: { data: [] } },
      'PUT /api/profile-stylings/4': { body: { success: true } },
    });
    // The picker shows the themes while one is saved, as the editor does.
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ themes: useQuery(themesOptions(3)), save: useSaveThemeCss(3) }), { wrapper });
    await waitFor(() => expect(result.current.themes.isSuccess).toBe(true));
    await act(() => result.current.save.mutateAsync({ themeId: 4, cssPlug: '.card { color: red }' }));
    expect(queryOf(calls[0]!)).toEqual({ companyId: '3' });
    expectAccepted(ThemesQuerySchema, queryOf(calls[0]!));
    expect([calls[1]!.method, calls[1]!.path]).toEqual(['PUT', '/api/profile-stylings/4']);
    expectAccepted(UpdateThemeSchema, calls[1]!.body);
    // Saved, the division's themes are asked for again before the save counts as done.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/profile-stylings/default-themes',
      'PUT /api/profile-stylings/4',
      'GET /api/profile-stylings/default-themes',
    ]);
  });

  it('the signature: GET /api/profiles/{id}/signature, with the layout to preview', async () => {
    const calls = mockFetch({ 'GET /api/profiles/7/signature': { body: { layout: 'compact', html: '', text: '' } } });
    await new QueryClient().fetchQuery(signatureOptions(7, 'compact'));
    await new QueryClient().fetchQuery(signatureOptions(7, undefined));
    expect(calls.map(queryOf)).toEqual([{ layout: 'compact' }, {}]);
    for (const call of calls) expectAccepted(SignatureQuerySchema, queryOf(call));
  });

  it('a template’s children: rebuilt (POST …/rebuild-children/{id}), the rebuild followed (GET …/rebuilds/{id})', async () => {
    const calls = mockFetch({
      'POST /api/profiles/rebuild-children/12': { status: 202, body: { id: 30, state: 'queued' } },
      'GET /api/profiles/rebuilds/30': { body: { id: 30, state: 'done' } },
    });
    await rebuildChildren(12);
    await new QueryClient().fetchQuery(templateRebuildOptions(30));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/profiles/rebuild-children/12', 'GET /api/profiles/rebuilds/30']);
  });

  it('a picture in rich text: registered (POST …/images {profile, img_url, img_id}) and removed (DELETE with {profile, img_url})', async () => {
    const calls = mockFetch({
      'POST /api/profile-modifications/images': { body: { success: true } },
      'DELETE /api/profile-modifications/images': { body: { success: true } },
    });
    await registerRichTextImage(7, '/uploads/rich/photo.png', 41);
    await removeRichTextImage(7, '/uploads/rich/photo.png');
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/profile-modifications/images', { profile: 7, img_url: '/uploads/rich/photo.png', img_id: 41 }],
      ['DELETE', '/api/profile-modifications/images', { profile: 7, img_url: '/uploads/rich/photo.png' }],
    ]);
  });

  it('spec §8: a picture that cannot be registered, removed or deleted is logged, and the edit goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = mockFetch({
      'POST /api/profile-modifications/images': errorBody(500, 'Internal Server Error'),
      'DELETE /api/profile-modifications/images': errorBody(404, 'Not found', 'not_found'),
      'DELETE /api/upload/files/41': errorBody(503, 'Busy', 'busy'),
    });
    await expect(registerRichTextImage(7, '/uploads/rich/photo.png', 41)).resolves.toBeUndefined();
    await expect(removeRichTextImage(7, '/uploads/rich/photo.png')).resolves.toBeUndefined();
    await expect(deleteUpload(41)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/profile-modifications/images',
      'DELETE /api/profile-modifications/images',
      'DELETE /api/upload/files/41',
    ]);
    // An image that was never uploaded (no id) asks nothing of the server.
    await deleteUpload(undefined);
    await deleteUpload('https://example.com/picture.png');
    expect(calls).toHaveLength(3);
  });
});
