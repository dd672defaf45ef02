/**
 * The editor ↔ preview frame messages (spec §2 `/{product}-app-preview`): the
 * frame says it is ready, the editor sends what to render. Both sides accept
 * messages only from their own origin and only from the expected window.
 */

import type { RenderInput } from '@profilehub/profile-page/browser';
import { PRODUCT_NAME } from '@profilehub/shared';

/** `/{product}-app-preview`. */
export const APP_PREVIEW_PATH = `/${PRODUCT_NAME.toLowerCase()}-app-preview`;

export type PreviewReady = { type: 'ph-preview-ready' };
export type PreviewRender = { type: 'ph-preview-render'; input: RenderInput; seq: number };
export type PreviewRendered = { type: 'ph-preview-rendered'; seq: number };

/** A message from our own origin and from `source`. */
export function isTrusted(event: MessageEvent, source: MessageEventSource | null | undefined): boolean {
  return event.origin === window.location.origin && source != null && event.source === source;
}

export function isRender(data: unknown): data is PreviewRender {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'ph-preview-render' && 'input' in data;
}

export function isReady(data: unknown): data is PreviewReady {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'ph-preview-ready';
}
