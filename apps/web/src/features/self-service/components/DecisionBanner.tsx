import { Alert, Text } from '@mantine/core';
import type { ProfileEditorView } from '@profilehub/shared';
import { useState } from 'react';

type Decision = NonNullable<ProfileEditorView['profile']['lastDecision']>;

const dayOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The supervisor's answer to the last approval request, above the editor: declined with
 * its message (what to change before asking again), or approved. It stays until the
 * person closes it or asks again (the server stops sending it then).
 */
export function DecisionBanner({ decision }: { decision: Decision | null }) {
  const [closed, setClosed] = useState(false);
  if (!decision || closed) return null;
  const declined = !decision.approved;
  return (
    <Alert
      color={declined ? 'red' : 'green'}
      variant="light"
      title={declined ? 'Your last changes were not approved' : 'Your last changes were approved'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setClosed(true)}
      mb="md"
      role="status"
    >
      <Text size="sm">
        {declined
          ? `Reviewed on ${dayOf(decision.respondedAt)}. Your public page stays as it was; update your profile and publish again to ask for approval.`
          : `Approved on ${dayOf(decision.respondedAt)}.`}
      </Text>
      {decision.message ? (
        <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap' }}>
          <Text span fw={600}>
            Message from your supervisor:{' '}
          </Text>
          {decision.message}
        </Text>
      ) : null}
    </Alert>
  );
}
