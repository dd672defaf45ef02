import './mantine-styles.ts';
import { Accordion, Alert, Anchor, Button, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RenderInput } from '@profilehub/profile-page/browser';
import { displayName, type EditorContent, type ProfileEditorView } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { IconCopy } from '../../components/dashboard-icons.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { useCachedUser } from '../../lib/auth.ts';
import { useLeaveGuard } from '../../lib/leave-guard.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { previewInput } from '../../lib/preview-input.ts';
import { editorViewOptions } from './api/get-profile-editor-view.ts';
import { themesOptions } from './api/get-themes.ts';
import { DecisionBanner } from './components/DecisionBanner.tsx';
import classes from './components/editor.module.css';
import { IconEye } from './components/editor-icons.tsx';
import { PreviewFrame } from './components/PreviewFrame.tsx';
import { type ProfileRecordState, usePublishFlow } from './components/PublishFlow.tsx';
import { WelcomeModal } from './components/WelcomeModal.tsx';
import { EditorProvider, fieldAnchorId, type PermissionsModeAdapter, useEditor, useIsDesktop, useProblems, useSaveStatus } from './hooks/editor-context.tsx';
import { EditorStore } from './hooks/editor-store.ts';
import { Appearance } from './sections/Appearance.tsx';
import { Buttons } from './sections/Buttons.tsx';
import { CallToAction } from './sections/CallToAction.tsx';
import { ContactForm } from './sections/ContactForm.tsx';
import { CssPlugin } from './sections/CssPlugin.tsx';
import { Footer } from './sections/Footer.tsx';
import { InfoSections } from './sections/InfoSections.tsx';
import { PersonalDetails } from './sections/PersonalDetails.tsx';
import { publicPageUrl } from './sections/public-url.ts';
import { QrCode } from './sections/QrCode.tsx';
import { Signature } from './sections/Signature.tsx';
import { SocialMedia } from './sections/SocialMedia.tsx';
import { Themes } from './sections/Themes.tsx';
import { WhatsAppMessage } from './sections/WhatsAppMessage.tsx';

/** Spec §8: the first save's message (and its master variant). */
export const FIRST_SAVE_MESSAGE = 'Your changes have been saved. Continue making changes, or submit your profile if you are happy with the updates made.';
const FIRST_SAVE_MESSAGE_MASTER = 'Your changes have been saved. All new profiles will have the latest values.';

const OPEN_SECTIONS_KEY = 'profile-editor:open-sections';

/** Spec §2: only personal details open by default; the open state is remembered in session storage. */
function useOpenSections(): [string[], (next: string[]) => void] {
  const [open, setOpen] = useState<string[]>(() => {
    try {
      const stored = JSON.parse(sessionStorage.getItem(OPEN_SECTIONS_KEY) ?? 'null');
      return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : ['personal'];
    } catch {
      return ['personal'];
    }
  });
  const set = useCallback((next: string[]) => {
    setOpen(next);
    try {
      sessionStorage.setItem(OPEN_SECTIONS_KEY, JSON.stringify(next));
    } catch {
      // Storage unavailable: the state lasts for this page only.
    }
  }, []);
  return [open, set];
}

/** Which accordion section holds a Profile Checklist item. */
function sectionOfKey(key: string): string | null {
  if (
    [
      'profilePhoto',
      'firstName',
      'lastName',
      'fullName',
      'jobTitle',
      'mainContactNumber',
      'whatsappNumber',
      'officeNumber',
      'emailAddress',
      'banners',
      'navigateToOffice',
    ].includes(key)
  )
    return 'personal';
  if (key === 'stylingId') return 'themes';
  if (key.startsWith('cssVariables.') || ['logo', 'mobileBanner', 'desktopBanner', 'banner', 'iconStyle'].includes(key)) return 'appearance';
  if (key.startsWith('mainActionButton')) return 'cta';
  if (key.startsWith('contactForm')) return 'contactForm';
  if (/\.(review|author|rating)$/.test(key)) return 'sections';
  return null;
}

const LIST_SECTIONS: Record<string, string> = {
  links: 'buttons',
  socialLinks: 'social',
  infoSections: 'sections',
  testimonials: 'sections',
  imageGallery: 'sections',
  videoGallery: 'sections',
};

/**
 * Where the editor shows a checklist key (`jobTitle`, `mainActionButton.title`) or a
 * problem's path (`links.2.url`): the accordion section, the element to scroll to, and
 * the key a list item opens itself for.
 */
function placeOf(key: string, content: EditorContent): { section: string | null; anchor: string; reveal: string } {
  const [field = '', index] = key.split('.');
  const list = (content as Record<string, unknown>)[field];
  if (Array.isArray(list) && index !== undefined && /^\d+$/.test(index)) {
    const itemKey = (list[Number(index)] as { key?: unknown } | undefined)?.key;
    if (typeof itemKey === 'string') return { section: LIST_SECTIONS[field] ?? null, anchor: itemKey, reveal: itemKey };
  }
  return { section: sectionOfKey(key) ?? sectionOfKey(field), anchor: key, reveal: key };
}

/** The editor screen for one profile: loads it, then hands it to the form. */
export function ProfileEditorScreen({ profileId, title, permissionsMode }: { profileId: number; title: string; permissionsMode?: PermissionsModeAdapter }) {
  const view = useQuery(editorViewOptions(profileId));
  if (view.isPending) return <PageSkeleton variant="editor" />;
  if (view.isError) {
    return (
      <>
        <PageHeader title={title} />
        <Alert color="red" title="The profile could not be loaded">
          {view.error.message}
        </Alert>
      </>
    );
  }
  return <ProfileEditor key={`${view.data.profile.id}`} view={view.data} title={title} permissionsMode={permissionsMode} />;
}

export function ProfileEditor({
  view,
  title,
  permissionsMode,
  toolbar,
  primaryAction,
}: {
  view: ProfileEditorView;
  title: string;
  permissionsMode?: PermissionsModeAdapter | null | undefined;
  /** Drawn under the title, inside the editor (it may use `useEditor`): the template editor's buttons. */
  toolbar?: ReactNode;
  /** Replaces the publish button of the bottom bar (the template editor's save). */
  primaryAction?: ReactNode;
}) {
  const [store] = useState(() => {
    let announced = false;
    return new EditorStore({
      profileId: view.profile.id,
      version: view.profile.version,
      content: view.content,
      ownsConsent: view.master === null,
      onSaved: () => {
        if (announced) return;
        announced = true;
        toastSuccess(view.profile.isMaster ? FIRST_SAVE_MESSAGE_MASTER : FIRST_SAVE_MESSAGE);
      },
      onError: (error) => toastError(error),
    });
  });
  useEffect(() => {
    const leave = (event: BeforeUnloadEvent) => {
      if (store.dirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', leave);
    return () => {
      window.removeEventListener('beforeunload', leave);
      // Leaving the editor inside the app: what is unsaved goes now.
      if (store.dirty()) void store.flush();
      store.dispose();
    };
  }, [store]);

  return (
    <EditorProvider store={store} view={view} permissionsMode={permissionsMode ?? null}>
      <EditorBody title={title} toolbar={toolbar} primaryAction={primaryAction} />
    </EditorProvider>
  );
}

function EditorBody({ title, toolbar, primaryAction }: { title: string; toolbar: ReactNode; primaryAction: ReactNode }) {
  const { store, view } = useEditor();
  const desktop = useIsDesktop();
  const large = useMediaQuery('(min-width: 75em)', true);
  const [open, setOpen] = useOpenSections();
  // A section's content is drawn once it has been opened (Tiptap, CodeMirror and QR load only then), and kept.
  const [visited, setVisited] = useState(() => new Set(open));
  useEffect(() => setVisited((seen) => (open.every((v) => seen.has(v)) ? seen : new Set([...seen, ...open]))), [open]);
  const shown = (value: string, node: ReactNode) => (visited.has(value) || open.includes(value) ? node : null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [record, setRecord] = useState<ProfileRecordState>({
    alias: view.profile.alias,
    publishedAt: view.profile.publishedAt,
    pendingApprovalId: view.profile.pendingApprovalId,
  });
  const themes = useQuery(themesOptions(view.company.id));
  // The Welcome modal greets a person opening their own card, not an administrator editing a template or a colleague's card.
  const ownProfile = useCachedUser()?.profile?.id === view.profile.id;

  const goTo = useCallback(
    (key: string) => {
      const place = placeOf(key, store.getContent());
      if (place.section && !open.includes(place.section)) setOpen([...open, place.section]);
      // Once the section's content is drawn, the part holding the item opens itself.
      setTimeout(() => store.reveal(place.reveal), 50);
      // After the accordion and any collapsed item have opened.
      setTimeout(() => {
        const target = document.getElementById(fieldAnchorId(place.anchor)) ?? document.querySelector(`[data-field-key="${CSS.escape(place.anchor)}"]`);
        if (!(target instanceof HTMLElement)) return;
        target.scrollIntoView({ behavior: 'smooth', block: 'center' });
        const highlight = classes.highlight ?? '';
        target.classList.add(highlight);
        setTimeout(() => target.classList.remove(highlight), 1600);
        const field = target.querySelector('[aria-invalid="true"]') ?? target.querySelector('input, textarea, button, [contenteditable="true"]');
        (field as HTMLElement | null)?.focus({ preventScroll: true });
      }, 400);
    },
    [open, setOpen, store],
  );
  // A supervisor editing someone's card is told whose it is, and reads that person's approval state neutrally (row 4 of #25).
  const ownerName = useMemo(() => displayName(view.content) || view.profile.alias || 'this person', [view]);
  const othersProfile = !ownProfile && !view.profile.isMaster;
  const decision = record.pendingApprovalId ? null : view.profile.lastDecision;
  const publish = usePublishFlow({
    record,
    setRecord,
    goTo,
    declined: othersProfile && decision && !decision.approved ? { decision, ownerName } : null,
  });

  const readPreview = useCallback(
    (): RenderInput => previewInput(view, store.getContent(), themes.data, { alias: record.alias, published: Boolean(record.publishedAt) }),
    [store, themes.data, view, record.alias, record.publishedAt],
  );

  const publishedUrl = record.publishedAt ? publicPageUrl(view, record.alias) : null;
  const showStyling = view.access.canEditStyling;

  return (
    <>
      <PageHeader
        title={othersProfile ? `Editing ${ownerName}'s profile` : title}
        description={
          publishedUrl ? (
            <Group gap={6} wrap="nowrap" component="span">
              <Anchor href={publishedUrl} target="_blank" rel="noopener" size="sm" truncate="end">
                {publishedUrl}
              </Anchor>
              <CopyButton value={publishedUrl}>
                {({ copy }) => (
                  <Tooltip label="Copy link">
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      aria-label="Copy published link"
                      onClick={() => {
                        copy();
                        toastSuccess('Copied!');
                      }}
                    >
                      <IconCopy size={14} />
                    </Button>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          ) : record.pendingApprovalId ? (
            'Waiting for approval'
          ) : (
            'Not published yet'
          )
        }
      />
      {toolbar}
      <DecisionBanner decision={decision} rolledBack={record.pendingApprovalId ? null : view.profile.rolledBack} owner={!othersProfile} ownerName={ownerName} />
      <div className={classes.layout}>
        <Stack gap={0} miw={0}>
          <Accordion multiple value={open} onChange={setOpen} variant="separated" radius="md">
            <Accordion.Item value="personal">
              <Accordion.Control>Personal details</Accordion.Control>
              <Accordion.Panel>{shown('personal', <PersonalDetails />)}</Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="themes">
              <Accordion.Control>Themes</Accordion.Control>
              <Accordion.Panel>{shown('themes', <Themes />)}</Accordion.Panel>
            </Accordion.Item>
            {desktop ? (
              <Accordion.Item value="appearance">
                <Accordion.Control>Appearance and branding</Accordion.Control>
                <Accordion.Panel>{shown('appearance', <Appearance />)}</Accordion.Panel>
              </Accordion.Item>
            ) : null}
            <Accordion.Item value="buttons">
              <Accordion.Control>Buttons</Accordion.Control>
              <Accordion.Panel>{shown('buttons', <Buttons />)}</Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="cta">
              <Accordion.Control>Call to action</Accordion.Control>
              <Accordion.Panel>{shown('cta', <CallToAction />)}</Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="sections">
              <Accordion.Control>Drop-down sections</Accordion.Control>
              <Accordion.Panel>{shown('sections', <InfoSections />)}</Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="contactForm">
              <Accordion.Control>Contact form</Accordion.Control>
              <Accordion.Panel>{shown('contactForm', <ContactForm />)}</Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="qr">
              <Accordion.Control>QR Code</Accordion.Control>
              <Accordion.Panel>{shown('qr', <QrCode />)}</Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="signature">
              <Accordion.Control>Email signature</Accordion.Control>
              <Accordion.Panel>{shown('signature', <Signature />)}</Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="social">
              <Accordion.Control>Social media</Accordion.Control>
              <Accordion.Panel>{shown('social', <SocialMedia />)}</Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="footer">
              <Accordion.Control>Footer disclaimer</Accordion.Control>
              <Accordion.Panel>{shown('footer', <Footer />)}</Accordion.Panel>
            </Accordion.Item>
            {desktop ? (
              <Accordion.Item value="whatsapp">
                <Accordion.Control>Custom WhatsApp share message</Accordion.Control>
                <Accordion.Panel>{shown('whatsapp', <WhatsAppMessage />)}</Accordion.Panel>
              </Accordion.Item>
            ) : null}
            {showStyling ? (
              <Accordion.Item value="css">
                <Accordion.Control>CSS plugin</Accordion.Control>
                <Accordion.Panel>{shown('css', <CssPlugin />)}</Accordion.Panel>
              </Accordion.Item>
            ) : null}
          </Accordion>

          <Group className={classes.bottomBar} justify="space-between" gap="xs" data-sticky-actions>
            <SaveStatusText goTo={goTo} />
            <Group gap="xs" wrap="nowrap" ml="auto" w={{ base: '100%', sm: 'auto' }}>
              <Button variant="default" size="sm" leftSection={<IconEye size={16} />} onClick={() => setPreviewOpen(true)} hiddenFrom="lg" flex="none" px="xs">
                Preview
              </Button>
              {primaryAction ?? (
                <Button size="sm" onClick={() => void publish.start()} loading={publish.busy} flex={{ base: 1, sm: 'none' }} px="sm">
                  {publish.label}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>

        {large ? (
          <aside className={classes.previewPanel} aria-label="Preview">
            <PreviewFrame read={readPreview} subscribe={store.subscribe} className={classes.previewFrame} />
          </aside>
        ) : null}
      </div>

      {/* No padding: on a phone the preview is the page at the phone's own width. */}
      <Modal opened={previewOpen && !large} onClose={() => setPreviewOpen(false)} title="Preview" fullScreen styles={{ body: { padding: 0 } }}>
        {previewOpen && !large ? <PreviewFrame read={readPreview} subscribe={store.subscribe} className={classes.previewFrameModal} /> : null}
      </Modal>
      {publish.modals}
      <ConflictModal />
      <LeaveGuard goTo={goTo} />
      {ownProfile ? <WelcomeModal /> : null}
    </>
  );
}

const STATUS_TEXT = {
  saved: 'All changes saved',
  unsaved: 'Unsaved changes…',
  saving: 'Saving…',
  invalid: 'Fix the highlighted fields to save',
  error: 'Failed to update profile',
  conflict: 'Changed in another window',
} as const;

/**
 * The save state under the form. While an item is incomplete the rest is saved and the
 * status names what waits ("Button 3 URL: …"), a link that scrolls to it.
 */
function SaveStatusText({ goTo }: { goTo: (key: string) => void }) {
  const { store } = useEditor();
  const status = useSaveStatus();
  // Re-renders when what waits changes while the status stays 'invalid'.
  useProblems();
  const waiting = status === 'invalid' ? store.getFirstProblem() : null;
  return (
    // What waits is spelled out in full (it wraps on a phone); the other states fit one line.
    <Text
      size="sm"
      c={status === 'invalid' || status === 'error' ? 'red' : 'dimmed'}
      role="status"
      aria-live="polite"
      truncate={waiting ? undefined : 'end'}
      data-save-status={status}
    >
      {waiting ? (
        <>
          {'Not saved: '}
          <Anchor component="button" type="button" size="sm" c="red" td="underline" ta="left" onClick={() => goTo(waiting.path)}>
            {waiting.text}
          </Anchor>
        </>
      ) : (
        STATUS_TEXT[status]
      )}
    </Text>
  );
}

/**
 * Leaving the editor for another page of the hub (lib/leave-guard.ts): what is unsaved is
 * saved first; only what still cannot be saved (an incomplete item, a conflict, a failed
 * save) makes the editor ask, naming it.
 */
function LeaveGuard({ goTo }: { goTo: (key: string) => void }) {
  const { store } = useEditor();
  const [asking, setAsking] = useState<{ reason: string; path: string | null; answer: (leave: boolean) => void } | null>(null);
  const check = useCallback(async () => {
    if (!store.dirty() && store.getStatus() !== 'conflict') return true;
    if (await store.flush()) return true;
    const problem = store.getFirstProblem();
    const reason = problem
      ? problem.text
      : store.getStatus() === 'conflict'
        ? 'This profile was changed in another window; your changes wait for your choice.'
        : 'Your latest changes could not be saved.';
    return new Promise<boolean>((resolve) =>
      setAsking({
        reason,
        path: problem?.path ?? null,
        answer: (leave) => {
          setAsking(null);
          resolve(leave);
        },
      }),
    );
  }, [store]);
  useLeaveGuard(check);
  return (
    <Modal opened={asking !== null} onClose={() => asking?.answer(false)} title="Leave without saving?" centered>
      <Text mb="xs">Not saved yet:</Text>
      <Text fw={600} mb="lg">
        {asking?.reason}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => asking?.answer(true)}>
          Leave anyway
        </Button>
        <Button
          data-autofocus
          onClick={() => {
            const path = asking?.path;
            asking?.answer(false);
            if (path) goTo(path);
          }}
        >
          Stay and fix it
        </Button>
      </Group>
    </Modal>
  );
}

/** A save met a newer version (409): show it, and let the person keep theirs or take the newer one. Nothing typed is lost. */
function ConflictModal() {
  const { store } = useEditor();
  const status = useSaveStatus();
  const conflict = status === 'conflict' ? store.getConflict() : null;
  const fieldList = useMemo(() => (conflict ? [...new Set([...conflict.mineChanged])].join(', ') : ''), [conflict]);
  return (
    <Modal opened={conflict !== null} onClose={() => {}} withCloseButton={false} title="This profile was changed elsewhere" centered>
      <Stack>
        <Text>
          A newer version of this profile was saved in another window or by someone else. Your unsaved changes ({fieldList}) are kept until you choose.
        </Text>
        {conflict && conflict.conflicts.length > 0 ? (
          <Alert color="yellow" variant="light">
            Both versions changed: {conflict.conflicts.join(', ')}.
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => store.takeTheirs()}>
            Use the newer version
          </Button>
          <Button onClick={() => void store.keepMine()}>Keep my changes</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
