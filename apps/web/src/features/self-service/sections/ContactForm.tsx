import { Alert, Checkbox, Group, Stack, Switch, Table, TextInput } from '@mantine/core';
import { type ContactForm as ContactFormValue, contactFormEnableProblem, type FormFieldSwitch, leadFormId, leadFormTitle } from '@profilehub/shared';
import { FieldLabel, PartPermissions, WithPermissions } from '../components/fields.tsx';
import { RichTextField } from '../components/lazy.tsx';
import { PlainTextField } from '../components/PlainTextField.tsx';
import { useContent, useEditor, useField, useFieldAccess, useProblems } from '../hooks/editor-context.tsx';

const FIELDS = [
  ['name', 'Name'],
  ['emailAddress', 'Email'],
  ['mobile', 'Mobile'],
  ['message', 'Message'],
] as const;

/** Spec §4 Contact form: can be enabled only when "Send to email" and "Thank you message" are both filled. */
export function ContactForm() {
  const { view } = useEditor();
  const [form, setForm] = useField('contactForm');
  const content = useContent();
  const problems = useProblems();
  const chain = (member: string) => ({ chain: ['contactForm', `contactForm.${member}`], requiredForPublish: form?.enabled === true });
  const sendTo = useFieldAccess('contactForm.sendToMail', chain('sendToMail'));
  const cc = useFieldAccess('contactForm.sendToMailCC', chain('sendToMailCC'));
  const thanks = useFieldAccess('contactForm.thankYouMessage', chain('thankYouMessage'));
  const enabledAccess = useFieldAccess('contactForm.enabled', { chain: ['contactForm', 'contactForm.enabled'] });
  const set = (patch: Partial<ContactFormValue>) => setForm({ ...(form as ContactFormValue), ...patch });
  const enableProblem = contactFormEnableProblem(form);
  const Editor = view.company.feature_flags.rte ? RichTextField : PlainTextField;

  return (
    <Stack gap="md" data-field-key="contactForm" id="field-contactForm">
      <PartPermissions permissionKey="contactForm" label="Contact form" />
      {sendTo.hidden ? null : (
        <WithPermissions permissionKey="contactForm.sendToMail" label="Send to email">
          <TextInput
            {...sendTo.anchor}
            label={<FieldLabel label="Send to email" access={sendTo} />}
            aria-label="Send to email"
            required={sendTo.required}
            type="email"
            value={form?.sendToMail ?? ''}
            disabled={sendTo.locked}
            error={problems['contactForm.sendToMail']}
            onChange={(e) => set({ sendToMail: e.currentTarget.value })}
          />
        </WithPermissions>
      )}
      {cc.hidden ? null : (
        <WithPermissions permissionKey="contactForm.sendToMailCC" label="Send to email CC">
          <TextInput
            {...cc.anchor}
            label={<FieldLabel label="Send to email CC" access={cc} />}
            aria-label="Send to email CC"
            required={cc.required}
            placeholder="one@example.com, two@example.com"
            value={form?.sendToMailCC ?? ''}
            disabled={cc.locked}
            error={problems['contactForm.sendToMailCC']}
            onChange={(e) => set({ sendToMailCC: e.currentTarget.value })}
          />
        </WithPermissions>
      )}
      {thanks.hidden ? null : (
        <WithPermissions permissionKey="contactForm.thankYouMessage" label="Thank you message">
          <div {...thanks.anchor}>
            <Editor
              label={<FieldLabel label="Thank you message" access={thanks} />}
              name="Thank you message"
              value={form?.thankYouMessage}
              disabled={thanks.locked}
              error={problems['contactForm.thankYouMessage']}
              onChange={(html) => set({ thankYouMessage: html })}
              minHeight={60}
            />
          </div>
        </WithPermissions>
      )}
      <Table withTableBorder verticalSpacing={4} maw={360}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Shown</Table.Th>
            <Table.Th>Required</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {FIELDS.map(([member, label]) => {
            const value = (form?.[member] ?? { enabled: true, required: false }) as FormFieldSwitch;
            return (
              <Table.Tr key={member}>
                <Table.Td>{label}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Show ${label}`}
                    checked={value.enabled}
                    onChange={(e) => set({ [member]: { ...value, enabled: e.currentTarget.checked } })}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${label} required`}
                    checked={value.required}
                    onChange={(e) => set({ [member]: { ...value, required: e.currentTarget.checked } })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {enabledAccess.hidden ? null : (
        <WithPermissions permissionKey="contactForm.enabled" label="Show the contact form">
          <Group>
            <Switch
              label="Show the contact form on my profile"
              checked={form?.enabled === true}
              disabled={enabledAccess.locked || (form?.enabled !== true && enableProblem !== null)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                const name = content.fullName || [content.firstName, content.lastName].filter(Boolean).join(' ');
                set({ enabled: on, formId: on && !form?.formId ? leadFormId(leadFormTitle(name), Date.now()) : form?.formId });
              }}
            />
          </Group>
        </WithPermissions>
      )}
      {form?.enabled !== true && enableProblem ? (
        <Alert color="yellow" variant="light">
          {enableProblem}
        </Alert>
      ) : null}
    </Stack>
  );
}
