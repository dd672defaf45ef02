import { Stack, Switch, Text, Textarea } from '@mantine/core';
import { FieldLabel, PartPermissions } from '../components/fields.tsx';
import { RichTextField } from '../components/lazy.tsx';
import { PlainTextField } from '../components/PlainTextField.tsx';
import { useEditor, useField, useFieldAccess, useProblem } from '../hooks/editor-context.tsx';

/** Spec §2 Footer disclaimer (rich text); the consent shown before publishing is set where children cannot change it. */
export function Footer() {
  const { view, isChild } = useEditor();
  const [disclaimer, setDisclaimer] = useField('profileDisclaimer');
  const access = useFieldAccess('profileDisclaimer');
  const problem = useProblem('profileDisclaimer');
  const Editor = view.company.feature_flags.rte ? RichTextField : PlainTextField;
  return (
    <Stack gap="md">
      <PartPermissions permissionKey="profileDisclaimer" label="Footer disclaimer" />
      {access.hidden ? (
        <Text size="sm" c="dimmed">
          Your template sets the footer of your profile.
        </Text>
      ) : (
        <div {...access.anchor}>
          <Editor
            label={<FieldLabel label="Footer disclaimer" access={access} />}
            name="Footer disclaimer"
            value={disclaimer}
            onChange={(html) => setDisclaimer(html || undefined)}
            disabled={access.locked}
            error={problem}
          />
        </div>
      )}
      {isChild ? null : <Consent />}
    </Stack>
  );
}

/** Spec §4 step 2: when enabled, people publishing see this text and an 'I Agree' button first. */
function Consent() {
  const [enabled, setEnabled] = useField('enableConsent');
  const [text, setText] = useField('consentText');
  const problem = useProblem('consentText');
  return (
    <Stack gap="xs">
      <Switch label="Ask for consent before publishing" checked={enabled === true} onChange={(e) => setEnabled(e.currentTarget.checked)} />
      {enabled ? (
        <Textarea
          label="Consent text"
          autosize
          minRows={3}
          description="People publishing read this in the Disclaimer and click 'I Agree' to go on."
          value={(text ?? '').replace(/<[^>]*>/g, '')}
          error={problem}
          onChange={(e) => setText(e.currentTarget.value ? `<p>${e.currentTarget.value.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>` : undefined)}
        />
      ) : null}
    </Stack>
  );
}
