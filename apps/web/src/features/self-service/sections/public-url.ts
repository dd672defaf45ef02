import type { ProfileEditorView } from '@profilehub/shared';
import { pageOrigin } from '../../../lib/preview-input.ts';

/** The public page of a profile: `{scheme}//{profileDomain}[:port]/{alias}`. */
export function publicPageUrl(view: Pick<ProfileEditorView, 'company' | 'profile'>, alias = view.profile.alias): string | null {
  return alias ? `${pageOrigin(view)}/${alias}` : null;
}

/** Spec §2 Preview link: /preview-link.html?stylingId=&profileId=. */
export function previewLinkUrl(view: Pick<ProfileEditorView, 'profile'>, stylingId: number | string | undefined): string {
  const params = new URLSearchParams({ stylingId: stylingId === undefined ? '' : String(stylingId), profileId: String(view.profile.id) });
  return `${window.location.origin}/preview-link.html?${params}`;
}
