import { Anchor, Button, Group, List, Loader, Modal, Progress, Stack, Text, TextInput, Typography } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { sanitizeRichText } from '@profilehub/profile-page/browser';
import {
  cleanEditorAlias,
  type ErrorBody,
  isValidEditorAlias,
  type MissingItem,
  missingForPublish,
  PROFILE_API_MESSAGES,
  type PublishBlockedBody,
} from '@profilehub/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useApproveDirectly } from '../api/approve-directly.ts';
import { usePublishProfile } from '../api/publish-profile.ts';
import { useReRequestApproval } from '../api/re-request-approval.ts';
import { useRequestApproval } from '../api/request-approval.ts';
import { useSetAlias } from '../api/set-alias.ts';
import { testAlias } from '../api/test-alias.ts';
import { useEditor } from '../hooks/editor-context.tsx';
import { type Decision, dayOf } from './DecisionBanner.tsx';

/** Spec §8 texts of the publish flow. */
export const PUBLISH_TEXTS = {
  published: 'Profile Published',
  publishingError: 'Publishing Error',
  approvalError: 'Approval Request Error',
  submitted: 'Your digital profile data is being submitted for approval. You will be alerted via email once approved.',
  firstBuild: 'Please wait 30 seconds while your website is being published to the internet for the first time!',
  laterBuild: 'Please wait while your changes are being published',
};
/** Spec §9: the progress dialog counts 30 s on the first build, 5 s later. */
const BUILD_SECONDS = { first: 30, later: 5 };
/** Spec §9 alias check debounce. */
const ALIAS_CHECK_MS = 900;

export type ProfileRecordState = { alias: string | null; publishedAt: string | null; pendingApprovalId: number | null };

type Step =
  | { kind: 'checklist'; missing: MissingItem[] }
  | { kind: 'pending' }
  | { kind: 'consent'; text: string }
  | { kind: 'alias' }
  | { kind: 'progress'; first: boolean }
  | { kind: 'declined' };

/**
 * Spec §4 Publish flow: checklist → consent → alias → approvals or build, with
 * the progress dialog. `goTo` scrolls the editor to a checklist item.
 */
export function usePublishFlow({
  record,
  setRecord,
  goTo,
  declined,
}: {
  record: ProfileRecordState;
  setRecord: (next: ProfileRecordState) => void;
  goTo: (key: string) => void;
  /**
   * Someone else's profile whose last request was declined (decision 009): publishing it
   * directly would put the declined changes live, so it takes an explicit second step.
   */
  declined?: { decision: Decision; ownerName: string } | null;
}) {
  const { store, view, isMaster, isChild } = useEditor();
  const [step, setStep] = useState<Step | null>(null);
  // Saving the last edits before the checks: the Publish button's busy state.
  const flush = useMutation({ mutationFn: () => store.flush() });
  const publish = usePublishProfile();
  const request = useRequestApproval();
  const reRequest = useReRequestApproval();
  const approve = useApproveDirectly();
  // Publishing once settles the decline: the page then shows what the publisher chose.
  const [declineSettled, setDeclineSettled] = useState(false);
  const recordRef = useRef(record);
  recordRef.current = record;
  const flags = view.company.feature_flags;
  const label = isMaster
    ? 'Publish template'
    : view.access.needsApproval
      ? record.pendingApprovalId
        ? 'Re-submit for approval'
        : 'Submit for approval'
      : record.publishedAt
        ? 'Publish changes'
        : 'Publish';

  const build = async (declineConfirmed = false) => {
    const first = !recordRef.current.publishedAt;
    setStep({ kind: 'progress', first });
    try {
      const answer = await publish.mutateAsync({ profileId: view.profile.id, confirm: declineConfirmed ? 'declined' : undefined });
      setRecord({ ...recordRef.current, publishedAt: answer.publishedAt, pendingApprovalId: null });
      setDeclineSettled(true);
      setStep(null);
      toastSuccess(PUBLISH_TEXTS.published);
    } catch (error) {
      setStep(null);
      if (error instanceof ApiError && error.status === 400 && (error.body as PublishBlockedBody | null)?.missing?.length) {
        setStep({ kind: 'checklist', missing: (error.body as PublishBlockedBody).missing ?? [] });
      } else if (error instanceof ApiError && error.status === 409 && (error.body as ErrorBody | null)?.code === 'declined_changes') {
        // The server knows of a decline this editor did not show (it was loaded before it): its words say what to do.
        toastError(error.message);
      } else if (error instanceof ApiError && error.status === 409) {
        await submitForApproval();
      } else {
        toastError(PUBLISH_TEXTS.publishingError);
      }
    }
  };

  const submitForApproval = async () => {
    try {
      const pending = recordRef.current.pendingApprovalId;
      const answer = pending ? await reRequest.mutateAsync(pending) : await request.mutateAsync({ profileId: view.profile.id, companyId: view.company.id });
      setRecord({ ...recordRef.current, pendingApprovalId: answer.data.id });
      setStep(null);
      toastSuccess(PUBLISH_TEXTS.submitted);
    } catch (error) {
      // The server's reason when it answered; spec §8's text when the request never got an answer.
      toastError(error instanceof ApiError && error.status > 0 ? error.message : PUBLISH_TEXTS.approvalError);
    }
  };

  /** Step 4 and 5. */
  const finish = async (declineConfirmed = false) => {
    setStep(null);
    if (view.access.needsApproval) return submitForApproval();
    if (declined && !declineSettled && !declineConfirmed) {
      setStep({ kind: 'declined' });
      return;
    }
    const pending = recordRef.current.pendingApprovalId;
    if (flags.approvals && view.access.canManage && pending) {
      try {
        await approve.mutateAsync(pending);
      } catch (error) {
        toastError(error);
        return;
      }
    }
    return build(declineConfirmed);
  };

  /** Step 3. */
  const afterConsent = () => {
    if (!isMaster && !recordRef.current.alias) setStep({ kind: 'alias' });
    else void finish();
  };

  /**
   * Step 2's text, or null when nobody asks for consent: the division's when it asks (the
   * divisions console), else the template's or the profile's own. A template is never asked.
   */
  const consentText = (): string | null => {
    if (isMaster) return null;
    if (view.company.consent.enable) return view.company.consent.text;
    const content = store.getContent();
    return content.enableConsent ? (content.consentText ?? '') : null;
  };

  /** Step 2. */
  const afterChecklist = () => {
    const text = consentText();
    if (text !== null) setStep({ kind: 'consent', text });
    else afterConsent();
  };

  const start = async () => {
    const saved = await flush.mutateAsync();
    if (!saved) {
      const problem = store.getStatus() === 'invalid' ? store.getFirstProblem() : null;
      toastError(problem ? 'Please fix the highlighted fields before publishing.' : 'Failed to update profile');
      if (problem) goTo(problem.path);
      return;
    }
    const missing = missingForPublish(store.getContent(), {
      isMaster,
      permissions: isChild ? view.permissions.childPermissions : undefined,
      company: { name: view.company.name, subdomain: view.company.subdomain },
    });
    if (missing.length > 0) setStep({ kind: 'checklist', missing });
    else if (view.access.needsApproval && recordRef.current.pendingApprovalId) setStep({ kind: 'pending' });
    else afterChecklist();
  };

  const modals = (
    <>
      <Modal opened={step?.kind === 'checklist'} onClose={() => setStep(null)} title="Profile Checklist" centered>
        <Text mb="sm">Complete these items before publishing:</Text>
        <List spacing={6}>
          {(step?.kind === 'checklist' ? step.missing : []).map((item) => (
            <List.Item key={item.key}>
              <Anchor
                component="button"
                type="button"
                onClick={() => {
                  setStep(null);
                  goTo(item.key);
                }}
              >
                {item.label}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Modal>

      <Modal opened={step?.kind === 'pending'} onClose={() => setStep(null)} title="Waiting for approval" centered>
        <Text mb="lg">Your profile already has a request waiting for approval. Send your latest changes for approval instead?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setStep(null)}>
            Cancel
          </Button>
          <Button onClick={afterChecklist}>Send latest changes</Button>
        </Group>
      </Modal>

      <Modal opened={step?.kind === 'consent'} onClose={() => setStep(null)} title="Disclaimer" centered size="lg">
        <Typography mb="lg">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the public page renderer's own allow-list first. */}
          <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(step?.kind === 'consent' ? step.text : '', undefined, { ownImagesOnly: true }) }} />
        </Typography>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setStep(null)}>
            Cancel
          </Button>
          <Button onClick={afterConsent}>I Agree</Button>
        </Group>
      </Modal>

      {step?.kind === 'alias' ? (
        <AliasModal
          onCancel={() => setStep(null)}
          onDone={(alias) => {
            setRecord({ ...recordRef.current, alias });
            recordRef.current = { ...recordRef.current, alias };
            void finish();
          }}
        />
      ) : null}

      {declined ? (
        <Modal opened={step?.kind === 'declined'} onClose={() => setStep(null)} title="Publish declined changes?" centered>
          <Text mb="sm">
            {`${declined.ownerName}'s last changes were declined on ${dayOf(declined.decision.respondedAt)}. Publishing now puts this draft, declined changes included, on ${declined.ownerName}'s public page.`}
          </Text>
          {declined.decision.message ? (
            <Text size="sm" c="dimmed" mb="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {`Message sent to ${declined.ownerName}: ${declined.decision.message}`}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void finish(true)}>
              Publish anyway
            </Button>
          </Group>
        </Modal>
      ) : null}

      {step?.kind === 'progress' ? <ProgressDialog first={step.first} /> : null}
    </>
  );

  return { start, label, busy: flush.isPending, modals };
}

/** Spec §4 step 6: counts down in one-second steps; closes as soon as the build is done (the caller unmounts it). */
function ProgressDialog({ first }: { first: boolean }) {
  const total = first ? BUILD_SECONDS.first : BUILD_SECONDS.later;
  const [left, setLeft] = useState(total);
  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Modal opened onClose={() => {}} withCloseButton={false} centered title="Publishing">
      <Stack>
        <Text>{first ? PUBLISH_TEXTS.firstBuild : PUBLISH_TEXTS.laterBuild}</Text>
        <Progress value={((total - left) / total) * 100} animated aria-label="Publishing progress" />
        <Text size="sm" c="dimmed" role="timer">
          {left} s
        </Text>
      </Stack>
    </Modal>
  );
}

type AliasState = { kind: 'idle' } | { kind: 'testing' } | { kind: 'approved'; alias: string } | { kind: 'rejected'; message: string };

/** Spec §2 'My Profile Link': 900 ms debounced check, Continue only when approved; the name cannot change later. */
function AliasModal({ onCancel, onDone }: { onCancel: () => void; onDone: (alias: string) => void }) {
  const { view } = useEditor();
  const [value, setValue] = useState('');
  const [state, setState] = useState<AliasState>({ kind: 'idle' });
  const save = useSetAlias();
  const request = useRef<AbortController | null>(null);
  const cleaned = cleanEditorAlias(value);

  const check = useDebouncedCallback(async (alias: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      const answer = await testAlias(view.profile.id, alias, controller.signal);
      if (!controller.signal.aborted)
        setState(answer.success && answer.message ? { kind: 'approved', alias: answer.message } : { kind: 'rejected', message: answer.message });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ kind: 'rejected', message: error instanceof Error ? error.message : PROFILE_API_MESSAGES.aliasFormat });
    }
  }, ALIAS_CHECK_MS);

  const onChange = (next: string) => {
    setValue(next);
    const alias = cleanEditorAlias(next);
    request.current?.abort();
    if (!alias) {
      check.cancel();
      setState({ kind: 'idle' });
    } else if (!isValidEditorAlias(alias)) {
      check.cancel();
      setState({ kind: 'rejected', message: PROFILE_API_MESSAGES.aliasFormat });
    } else {
      setState({ kind: 'testing' });
      check(alias);
    }
  };

  const confirm = async () => {
    if (state.kind !== 'approved') return;
    try {
      const answer = await save.mutateAsync({ profileId: view.profile.id, alias: state.alias });
      onDone(answer.alias);
    } catch (error) {
      setState({ kind: 'rejected', message: error instanceof Error ? error.message : PROFILE_API_MESSAGES.aliasFormat });
    }
  };

  const testing = state.kind === 'testing';
  return (
    <Modal opened onClose={onCancel} title="My Profile Link" centered>
      <Stack>
        <TextInput
          label="Profile link"
          description={`${view.company.profileDomain}/${cleaned || 'your-name'}`}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          maxLength={60}
          data-autofocus
          error={state.kind === 'rejected' ? state.message : undefined}
          rightSection={testing ? <Loader size="xs" /> : null}
        />
        {state.kind === 'approved' ? (
          <Text size="sm" c="teal" role="status">
            {`${state.alias} is available.`}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          Please note: your profile link cannot be changed later.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={state.kind !== 'approved' || save.isPending} loading={save.isPending}>
            {testing ? 'Please wait...' : 'Continue'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
