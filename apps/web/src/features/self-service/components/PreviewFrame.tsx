import type { RenderInput } from '@profilehub/profile-page/browser';
import { useEffect, useRef } from 'react';
import { APP_PREVIEW_PATH, isReady, isTrusted, type PreviewRender } from '../../../lib/preview-protocol.ts';

/**
 * The preview frame: loads `/{product}-app-preview` and posts it every new
 * input at once (no debounce), so a keystroke shows within a frame.
 * `subscribe` calls back on every change of the form; `read` builds the input.
 */
export function PreviewFrame({
  read,
  subscribe,
  className,
  title = 'Profile preview',
}: {
  read: () => RenderInput;
  subscribe: (listener: () => void) => () => void;
  className?: string;
  title?: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  const seq = useRef(0);
  const latest = useRef(read);
  latest.current = read;
  const postRef = useRef<() => void>(() => {});

  // Something outside the form changed (a theme arrived): render again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` changing is the reason to post.
  useEffect(() => postRef.current(), [read]);

  useEffect(() => {
    const post = () => {
      const target = frame.current?.contentWindow;
      if (!target || !ready.current) return;
      seq.current += 1;
      const message: PreviewRender = { type: 'ph-preview-render', input: latest.current(), seq: seq.current };
      target.postMessage(message, window.location.origin);
    };
    const onMessage = (event: MessageEvent) => {
      if (!isTrusted(event, frame.current?.contentWindow) || !isReady(event.data)) return;
      ready.current = true;
      post();
    };
    postRef.current = post;
    window.addEventListener('message', onMessage);
    const unsubscribe = subscribe(post);
    post();
    return () => {
      window.removeEventListener('message', onMessage);
      unsubscribe();
    };
  }, [subscribe]);

  return <iframe ref={frame} src={APP_PREVIEW_PATH} title={title} className={className} data-testid="preview-frame" />;
}
