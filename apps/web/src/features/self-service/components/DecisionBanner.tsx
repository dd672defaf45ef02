import { Alert, Text } from '@mantine/core';
import type { ProfileEditorView } from '@profilehub/shared';
import { type ReactNode, useState } from 'react';

export type Decision = NonNullable<ProfileEditorView['profile']['lastDecision']>;
type RolledBack = NonNullable<ProfileEditorView['profile']['rolledBack']>;

export const dayOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

type Props = {
  decision: Decision | null;
  rolledBack?: RolledBack | null;
  /** The signed-in person owns the profile: the banner is addressed to them. */
  owner: boolean;
  /** Whose profile it is, for anyone else editing it (a supervisor). */
  ownerName: string;
};

/**
 * The last word on the person's changes, above the editor: the supervisor's answer to the
 * last approval request (declined with its message — what to change before asking again —
 * or approved), or a rollback that put the previously published version back. The owner
 * reads it addressed to them; anyone else editing the profile (a supervisor) reads the same
 * state neutrally, naming whose changes they were. It stays until closed, a new request or
 * a publish (the server stops sending it then).
 */
export function DecisionBanner({ decision, rolledBack = null, owner, ownerName }: Props) {
  const [closed, setClosed] = useState(false);
  if (closed || !(decision || rolledBack)) return null;
  const banner = (color: string, title: string, children: ReactNode) => (
    <Alert
      color={color}
      variant="light"
      title={title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setClosed(true)}
      mb="md"
      role="status"
      data-testid="decision-banner"
    >
      {children}
    </Alert>
  );
  if (rolledBack) {
    const who = rolledBack.by
      ? `${rolledBack.by} rolled ${owner ? 'your' : `${ownerName}'s`} profile back`
      : `${owner ? 'Your' : `${ownerName}'s`} profile was rolled back`;
    return banner(
      'orange',
      owner ? 'Your last changes were rolled back' : `${ownerName}'s last changes were rolled back`,
      <Text size="sm">
        {who} on {dayOf(rolledBack.at)}.{' '}
        {owner
          ? 'Your public page and this editor show the version published before your latest changes; make your changes again and publish when you are ready.'
          : 'The public page and this editor show the version published before those changes.'}
      </Text>,
    );
  }
  if (!decision) return null;
  const declined = !decision.approved;
  const title = owner
    ? declined
      ? 'Your last changes were not approved'
      : 'Your last changes were approved'
    : `${ownerName}'s last changes were ${declined ? 'declined' : 'approved'}`;
  const body = owner
    ? declined
      ? `Reviewed on ${dayOf(decision.respondedAt)}. Your public page stays as it was; update your profile and publish again to ask for approval.`
      : `Approved on ${dayOf(decision.respondedAt)}.`
    : declined
      ? `Declined on ${dayOf(decision.respondedAt)}. The public page still shows the version published before; the declined changes are in this draft.`
      : `Approved on ${dayOf(decision.respondedAt)}.`;
  return banner(
    declined ? (owner ? 'red' : 'gray') : 'green',
    title,
    <>
      <Text size="sm">{body}</Text>
      {decision.message ? (
        <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap' }}>
          <Text span fw={600}>
            {owner ? 'Message from your supervisor: ' : `Message sent to ${ownerName}: `}
          </Text>
          {decision.message}
        </Text>
      ) : null}
    </>,
  );
}
