import type { RenderInput } from '@profilehub/profile-page/browser';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APP_PREVIEW_PATH } from '../../../lib/preview-protocol.ts';
import { PreviewFrame } from './PreviewFrame.tsx';

/** The frame, its window's postMessage watched, and a way to say something to the editor as a window. */
function renderFrame() {
  let name = 'Jane';
  const read = () => ({ content: { fullName: name } }) as unknown as RenderInput;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const view = render(<PreviewFrame read={read} subscribe={subscribe} />);
  const frame = screen.getByTitle('Profile preview') as HTMLIFrameElement;
  const target = frame.contentWindow!;
  const posted = vi.spyOn(target, 'postMessage').mockImplementation(() => {});
  const say = (data: unknown, from: { origin?: string; source?: MessageEventSource | null } = {}) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data, origin: from.origin ?? window.location.origin, source: from.source === undefined ? target : from.source }),
      );
    });
  const type = (value: string) =>
    act(() => {
      name = value;
      for (const listener of listeners) listener();
    });
  return { view, frame, posted, say, type, listeners };
}

describe('PreviewFrame (spec §2 live preview)', () => {
  it('loads the preview page and posts nothing until the frame says it is ready', () => {
    const { frame, posted, type } = renderFrame();
    expect(frame).toHaveAttribute('src', APP_PREVIEW_PATH);
    type('Jane D');
    expect(posted).not.toHaveBeenCalled();
  });

  it('once ready, posts the form at once and again on every change, numbered, to its own origin only', () => {
    const { posted, say, type } = renderFrame();
    say({ type: 'ph-preview-ready' });
    type('Jane Doe');
    expect(posted.mock.calls).toEqual([
      [{ type: 'ph-preview-render', input: { content: { fullName: 'Jane' } }, seq: 1 }, window.location.origin],
      [{ type: 'ph-preview-render', input: { content: { fullName: 'Jane Doe' } }, seq: 2 }, window.location.origin],
    ]);
  });

  it('ignores a ready message from another origin or another window', () => {
    const { posted, say, type } = renderFrame();
    say({ type: 'ph-preview-ready' }, { origin: 'https://evil.example' });
    say({ type: 'ph-preview-ready' }, { source: window });
    type('Jane Doe');
    expect(posted).not.toHaveBeenCalled();
  });

  it('stops listening to the form when it closes', () => {
    const { view, listeners } = renderFrame();
    expect(listeners.size).toBe(1);
    view.unmount();
    expect(listeners.size).toBe(0);
  });
});
