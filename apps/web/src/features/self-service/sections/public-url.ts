import type { ProfileEditorView } from '@profilehub/shared';

/** The public page of a profile: `{scheme}//{profileDomain}[:port]/{alias}`, on the hub's scheme and port. */
export function publicPageUrl(view: Pick<ProfileEditorView, 'company' | 'profile'>, alias = view.profile.alias): string | null {
  if (!alias) return null;
  const { protocol, port } = window.location;
  return `${protocol}//${view.company.profileDomain}${port ? `:${port}` : ''}/${alias}`;
}

/** Spec §2 Preview link: /preview-link.html?stylingId=&profileId=. */
export function previewLinkUrl(view: Pick<ProfileEditorView, 'profile'>, stylingId: number | string | undefined): string {
  const params = new URLSearchParams({ stylingId: stylingId === undefined ? '' : String(stylingId), profileId: String(view.profile.id) });
  return `${window.location.origin}/preview-link.html?${params}`;
}
