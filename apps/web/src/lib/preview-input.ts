import { type PageTheme, pageRenderInput, type RenderInput } from '@profilehub/profile-page/browser';
import { type EditorContent, type ProfileEditorView, publishedContent } from '@profilehub/shared';

/** Where a division's pages live: `{scheme}//{profileDomain}[:port]`, on the hub's scheme and port. */
export function pageOrigin(view: Pick<ProfileEditorView, 'company'>): string {
  const { protocol, port } = window.location;
  return `${protocol}//${view.company.profileDomain}${port ? `:${port}` : ''}`;
}

/**
 * What the preview frame renders: the form laid over the template as publishing lays it
 * (`publishedContent`), through the page's own `pageRenderInput` with the division's
 * white-label, so the preview is the page — colours, custom CSS, "Add to contacts" and all.
 */
export function previewInput(
  view: Pick<ProfileEditorView, 'company' | 'profile' | 'master' | 'permissions'>,
  form: EditorContent,
  themes: readonly (PageTheme & { id: number })[] | undefined,
  record: { alias: string | null; published: boolean },
): RenderInput {
  const content = view.master ? publishedContent(view.master.content, form, view.permissions.childPermissions) : publishedContent(null, form);
  const theme = themes?.find((t) => t.id === content.stylingId) ?? null;
  const origin = pageOrigin(view);
  return pageRenderInput({
    content,
    profile: { id: view.profile.id, alias: record.alias },
    company: view.company,
    theme,
    pageUrl: record.alias ? `${origin}/${record.alias}` : '',
    // The QR code is drawn from the published page; before that there is nothing to fetch.
    files: { origin, qrCode: record.published },
    // The wallet buttons, as the page offers them (their files exist once it is published).
    ...(record.published ? { wallets: view.company.wallets } : {}),
  });
}
