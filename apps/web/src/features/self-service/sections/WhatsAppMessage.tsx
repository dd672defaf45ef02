import { Stack, Textarea } from '@mantine/core';
import { PROFILE_BOUNDS } from '@profilehub/shared';
import { FieldLabel, PartPermissions } from '../components/fields.tsx';
import { useField, useFieldAccess, useProblem } from '../hooks/editor-context.tsx';

/** Spec §2 Custom WhatsApp share message (desktop templates); required marker from permissions. */
export function WhatsAppMessage() {
  const [message, setMessage] = useField('referral_message');
  const access = useFieldAccess('referral_message', { requiredForPublish: true });
  const problem = useProblem('referral_message');
  if (access.hidden) return null;
  return (
    <Stack gap="xs">
      <PartPermissions permissionKey="referral_message" label="WhatsApp share message" />
      <Textarea
        {...access.anchor}
        label={<FieldLabel label="WhatsApp share message" access={access} />}
        aria-label="WhatsApp share message"
        required={access.required}
        placeholder="E.g.. I take care of what you value most, let's connect"
        autosize
        minRows={2}
        maxLength={PROFILE_BOUNDS.shortText}
        value={message ?? ''}
        disabled={access.locked}
        error={problem}
        onChange={(e) => setMessage(e.currentTarget.value)}
      />
    </Stack>
  );
}
