import { Alert, Center, Loader } from '@mantine/core';
import { ProfilePreview, type RenderInput } from '@profilehub/profile-page/browser';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { signInPathFor } from '../../app/guards.ts';
import { messageOf } from '../../lib/api.ts';
import { hasToken } from '../../lib/auth.ts';
import { previewInput } from '../../lib/preview-input.ts';
import { getProfileView } from './api/get-profile-view.ts';
import { getThemes } from './api/get-themes.ts';

/** Spec §2 Preview link: /preview-link.html?stylingId=&profileId= — the saved profile with a theme, as its page shows it. */
export function PreviewLinkPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<{ input: RenderInput } | { error: string } | null>(null);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (!hasToken()) {
      void navigate(signInPathFor(url), { replace: true });
      return;
    }
    const profileId = Number(url.searchParams.get('profileId'));
    const stylingId = Number(url.searchParams.get('stylingId'));
    if (!Number.isInteger(profileId) || profileId <= 0) {
      setState({ error: 'This preview link does not name a profile.' });
      return;
    }
    const controller = new AbortController();
    (async () => {
      const view = await getProfileView(profileId, controller.signal);
      const themes = await getThemes(view.company.id, controller.signal);
      const themeId = stylingId > 0 ? stylingId : view.content.stylingId;
      const theme = themes.data.find((t) => t.id === themeId);
      const content = theme ? { ...view.content, stylingId: theme.id, templateLayout: theme.layout } : view.content;
      setState({ input: previewInput(view, content, theme ? [theme] : [], { alias: view.profile.alias, published: Boolean(view.profile.publishedAt) }) });
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) setState({ error: messageOf(error) });
    });
    return () => controller.abort();
  }, [navigate]);

  if (!state) {
    return (
      <Center mih="100dvh">
        <Loader aria-label="Loading preview" />
      </Center>
    );
  }
  if ('error' in state) {
    return (
      <Center mih="100dvh" p="md">
        <Alert color="red">{state.error}</Alert>
      </Center>
    );
  }
  return <ProfilePreview input={state.input} />;
}
