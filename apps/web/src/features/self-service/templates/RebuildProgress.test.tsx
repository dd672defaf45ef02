import { TEMPLATE_REBUILD_TEXTS as T, type TemplateRebuild } from '@profilehub/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEditorScreen } from '../../../test/editor.tsx';
import { RebuildProgress } from './RebuildProgress.tsx';

beforeEach(() => sessionStorage.setItem('jwt', 'token'));

const SAVED_ALL = 'Template has been saved and all published profiles have been updated successfully!';
const queued: TemplateRebuild = { id: 7, templateId: 2, state: 'queued', total: 0, done: 0, rebuilt: 0, failed: 0 };

/** The progress the server reports, one answer per poll (the last repeats). */
function polls(...answers: Partial<TemplateRebuild>[]) {
  let n = 0;
  return { 'GET /api/profiles/rebuilds/7': () => ({ body: { ...queued, ...answers[Math.min(n++, answers.length - 1)] } }) };
}

const waitLong = { timeout: 5_000 };

describe('RebuildProgress (decision 034)', () => {
  it('follows the job with a bar and "n of N profiles updated", then says every profile was updated', async () => {
    const onClose = vi.fn();
    renderEditorScreen(
      <RebuildProgress started={queued} savedAll={SAVED_ALL} onClose={onClose} />,
      polls({ state: 'running', total: 10_000, done: 4_000, rebuilt: 4_000 }, { state: 'done', total: 10_000, done: 10_000, rebuilt: 10_000 }),
    );
    expect(screen.getByText(T.queued)).toBeInTheDocument();
    expect(await screen.findByText(T.progress(4_000, 10_000), undefined, waitLong)).toBeInTheDocument();
    expect(screen.getByText('4,000 of 10,000 profiles updated')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: T.title })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText(T.background)).toBeInTheDocument();
    expect(await screen.findByText(SAVED_ALL, undefined, waitLong)).toBeInTheDocument();
    expect(screen.getByText('10,000 of 10,000 profiles updated')).toBeInTheDocument();
    expect(screen.queryByText(T.background)).not.toBeInTheDocument();
    await userEvent.click(screen.getByText(T.close));
    expect(onClose).toHaveBeenCalled();
  });

  it('names the profiles that could not be updated, and a job that stopped, in the view', async () => {
    renderEditorScreen(
      <RebuildProgress started={queued} savedAll={SAVED_ALL} onClose={() => {}} />,
      polls({ state: 'done', total: 10, done: 10, rebuilt: 8, failed: 2 }),
    );
    expect(await screen.findByText(T.doneWithFailures(8, 2), undefined, waitLong)).toBeInTheDocument();
    expect(screen.queryByText(SAVED_ALL)).not.toBeInTheDocument();
  });

  it('says so when the job gave up', async () => {
    renderEditorScreen(
      <RebuildProgress started={{ ...queued, id: 7 }} savedAll={SAVED_ALL} onClose={() => {}} />,
      polls({ state: 'failed', total: 10, done: 4, rebuilt: 4 }),
    );
    expect(await screen.findByText(T.failed, undefined, waitLong)).toBeInTheDocument();
    expect(screen.getByText('4 of 10 profiles updated')).toBeInTheDocument();
  });
});
