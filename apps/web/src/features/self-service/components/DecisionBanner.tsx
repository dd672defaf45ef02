import { Alert, Text } from '@mantine/core';
import type { ProfileEditorView } from '@profilehub/shared';
import { type ReactNode, useState } from 'react';

type Decision = NonNullable<ProfileEditorView['profile']['lastDecision']>;
type RolledBack = NonNullable<ProfileEditorView['profile']['rolledBack']>;

const dayOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The last word on the person's changes, above the editor: the supervisor's answer to the
 * last approval request (declined with its message — what to change before asking again —
 * or approved), or a rollback that put the previously published version back. It stays
 * until the person closes it, asks again or publishes (the server stops sending it then).
 */
export function DecisionBanner({ decision, rolledBack = null }: { decision: Decision | null; rolledBack?: RolledBack | null }) {
  const [closed, setClosed] = useState(false);
  if (closed || !(decision || rolledBack)) return null;
  const banner = (color: string, title: string, children: ReactNode) => (
    <Alert color={color} variant="light" title={title} withCloseButton closeButtonLabel="Dismiss" onClose={() => setClosed(true)} mb="md" role="status">
      {children}
    </Alert>
  );
  if (rolledBack) {
    return banner(
      'orange',
      'Your last changes were rolled back',
      <Text size="sm">
        {rolledBack.by ? `${rolledBack.by} rolled your profile back` : 'Your profile was rolled back'} on {dayOf(rolledBack.at)}. Your public page and this
        editor show the version published before your latest changes; make your changes again and publish when you are ready.
      </Text>,
    );
  }
  if (!decision) return null;
  const declined = !decision.approved;
  return banner(
    declined ? 'red' : 'green',
    declined ? 'Your last changes were not approved' : 'Your last changes were approved',
    <>
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
    </>,
  );
}
