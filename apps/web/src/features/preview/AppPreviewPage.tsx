import { Center, Loader } from '@mantine/core';
import { ProfilePreview, type RenderInput } from '@profilehub/profile-page/browser';
import { useEffect, useLayoutEffect, useState } from 'react';
import { isRender, isTrusted, type PreviewRendered } from '../../lib/preview-protocol.ts';

/**
 * `/{product}-app-preview` (spec §2): the editor's preview frame. The editor
 * posts the unsaved form; the frame renders it with the public page's own
 * components (packages/profile-page), so the preview is the page.
 */
export function AppPreviewPage() {
  const [state, setState] = useState<{ input: RenderInput; seq: number } | null>(null);

  useEffect(() => {
    const parent = window.parent !== window ? window.parent : null;
    const onMessage = (event: MessageEvent) => {
      if (!isTrusted(event, parent) || !isRender(event.data)) return;
      setState({ input: event.data.input, seq: event.data.seq });
    };
    window.addEventListener('message', onMessage);
    parent?.postMessage({ type: 'ph-preview-ready' }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // Tells the editor the render is on screen (the bench measures keystroke → preview with it).
  useLayoutEffect(() => {
    if (!state || window.parent === window) return;
    const message: PreviewRendered = { type: 'ph-preview-rendered', seq: state.seq };
    window.parent.postMessage(message, window.location.origin);
  }, [state]);

  if (!state) {
    return (
      <Center mih="100dvh">
        <Loader aria-label="Loading preview" />
      </Center>
    );
  }
  return <ProfilePreview input={state.input} />;
}
