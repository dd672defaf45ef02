import { Alert, Text } from '@mantine/core';
import type { ProfileEditorView } from '@profilehub/shared';
import { useState } from 'react';

export type Decision = NonNullable<ProfileEditorView['profile']['lastDecision']>;

export const dayOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The supervisor's answer to the last approval request, above the editor. The owner reads
 * it addressed to them: declined with its message (what to change before asking again),
 * or approved. Anyone else editing the profile (a supervisor) reads the same state
 * neutrally, naming whose changes they were. It stays until closed or a new request is
 * made (the server stops sending it then).
 */
export function DecisionBanner({ decision, owner, ownerName }: { decision: Decision | null; owner: boolean; ownerName: string }) {
  const [closed, setClosed] = useState(false);
  if (!decision || closed) return null;
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
  return (
    <Alert
      color={declined ? (owner ? 'red' : 'gray') : 'green'}
      variant="light"
      title={title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setClosed(true)}
      mb="md"
      role="status"
      data-testid="decision-banner"
    >
      <Text size="sm">{body}</Text>
      {decision.message ? (
        <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap' }}>
          <Text span fw={600}>
            {owner ? 'Message from your supervisor: ' : `Message sent to ${ownerName}: `}
          </Text>
          {decision.message}
        </Text>
      ) : null}
    </Alert>
  );
}
