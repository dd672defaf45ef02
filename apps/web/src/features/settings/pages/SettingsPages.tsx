import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Alert, Anchor, Button, Group, Loader, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Me, NotificationPrefs, PurchaseHistory } from '@profilehub/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconArrowLeft, IconExternal } from '../../../components/icons.tsx';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput.tsx';
import { messageOf } from '../../../lib/api.ts';
import { endSession } from '../../../lib/auth.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { clearToken } from '../../../lib/session.ts';
import { useBranding } from '../../../lib/white-label.ts';
import { deleteAccount } from '../api/delete-account.ts';
import { useNotificationPrefs } from '../api/get-notification-prefs.ts';
import { usePurchaseHistories } from '../api/get-purchase-histories.ts';
import { useSaveNotificationPrefs } from '../api/save-notification-prefs.ts';
import { sendDeleteCode } from '../api/send-delete-code.ts';
import { DEFAULT_FAQ, DEFAULT_LEGAL, paragraphsOf } from '../settings-content.ts';

export function BackToSettings() {
  return (
    <Group>
      <Button component={Link} to="#settings" replace variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />} px={6}>
        Back to settings
      </Button>
    </Group>
  );
}

/** A panel whose data did not come: why, and a way to ask again. */
function LoadFailed({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <Alert color="red" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{messageOf(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={retry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {paragraphsOf(text).map((p, i) => (
        // Paragraphs have no identity of their own; their order is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static text
        <Text key={i} size="sm" style={{ whiteSpace: 'pre-line' }}>
          {p}
        </Text>
      ))}
    </>
  );
}

/** An amount in minor units (cents) with its currency: 12345 ZAR → "R 123.45". */
function formatAmount(minor: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    // An unknown currency code still shows its amount.
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : '—');

export function BillingPanel({ me }: { me: Me }) {
  const payments = usePurchaseHistories(me.id);
  return (
    <Stack gap="md">
      {payments.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Loading payments" />
        </Group>
      ) : payments.isError ? (
        <LoadFailed title="Your payments could not be loaded" error={payments.error} retry={() => payments.refetch()} />
      ) : payments.data.length === 0 ? (
        <Text c="dimmed">No payments yet. Your payments appear here once you have paid for your profile.</Text>
      ) : (
        <PaymentsTable payments={payments.data} />
      )}
      <BackToSettings />
    </Stack>
  );
}

function PaymentsTable({ payments }: { payments: PurchaseHistory[] }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped verticalSpacing="xs" fz="sm" aria-label="Payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Expires</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{formatDate(p.billingDate)}</Table.Td>
              <Table.Td>{p.provider}</Table.Td>
              <Table.Td>{p.status}</Table.Td>
              <Table.Td ta="right">{formatAmount(p.amountGross, p.currency)}</Table.Td>
              <Table.Td>{formatDate(p.expirationDate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function FaqPanel() {
  const { whiteLabel } = useBranding();
  const entries = whiteLabel?.faq?.length ? whiteLabel.faq : DEFAULT_FAQ;
  return (
    <Stack gap="md">
      {entries.map((e) => (
        <Stack key={e.question} gap={4}>
          <Title order={3} size="sm">
            {e.question}
          </Title>
          <Paragraphs text={e.answer} />
        </Stack>
      ))}
      <BackToSettings />
    </Stack>
  );
}

export function LegalPanel() {
  const { whiteLabel, supportHref } = useBranding();
  return (
    <Stack gap="sm">
      <Paragraphs text={whiteLabel?.legal?.trim() ? whiteLabel.legal : DEFAULT_LEGAL} />
      <Anchor href={supportHref} target="_blank" rel="noopener noreferrer" size="sm">
        Contact support
      </Anchor>
      <BackToSettings />
    </Stack>
  );
}

export function SupportPanel() {
  const { supportHref } = useBranding();
  return (
    <Stack gap="lg">
      <Text c="dimmed">Our support team is here to help with your profile and your account.</Text>
      <Button component="a" href={supportHref} target="_blank" rel="noopener noreferrer" rightSection={<IconExternal size={16} />}>
        Get support
      </Button>
      <BackToSettings />
    </Stack>
  );
}

const MAIL_CHOICES: { key: keyof NotificationPrefs; label: string; description: string; managers?: true }[] = [
  {
    key: 'approvalRequests',
    label: 'Approval requests',
    description: 'When someone in your division asks you to approve their profile changes.',
    managers: true,
  },
  { key: 'approvalDecisions', label: 'Approval decisions', description: 'When your profile changes are approved or declined, with the message.' },
  { key: 'leadMessages', label: 'Messages from your profile page', description: 'When a visitor fills in the contact form that sends to your address.' },
];

export function NotificationsPanel({ me }: { me: Me }) {
  const saved = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const [draft, setDraft] = useState<NotificationPrefs | null>(null);
  const choices = draft ?? saved.data;
  const shown = MAIL_CHOICES.filter((c) => !c.managers || me.role !== 'user');
  const changed = Boolean(draft && saved.data && shown.some((c) => draft[c.key] !== saved.data[c.key]));

  const submit = () => {
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: (res) => {
        setDraft(null);
        toastSuccess(res.message);
      },
    });
  };

  return (
    <Stack gap="lg">
      <Text size="sm">Choose which emails the hub sends you. Sign-in codes, password reset links and invitations always reach you.</Text>
      {saved.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Loading your email choices" />
        </Group>
      ) : saved.isError || !choices ? (
        <LoadFailed title="Your email choices could not be loaded" error={saved.error} retry={() => saved.refetch()} />
      ) : (
        <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <VisuallyHidden component="legend">Emails you receive</VisuallyHidden>
          {shown.map((c) => (
            <Switch
              key={c.key}
              label={c.label}
              description={c.description}
              checked={choices[c.key]}
              disabled={save.isPending}
              onChange={(e) => setDraft({ ...choices, [c.key]: e.currentTarget.checked })}
            />
          ))}
          {save.isError ? (
            <Alert color="red" title="Not saved">
              {messageOf(save.error)}
            </Alert>
          ) : null}
          <Group>
            <Button onClick={submit} loading={save.isPending} disabled={!changed}>
              Save choices
            </Button>
          </Group>
        </Stack>
      )}
      <BackToSettings />
    </Stack>
  );
}

export function DeleteAccountPanel({ me }: { me: Me }) {
  const navigate = useNavigate();
  const [stage, setStage] = useState<'intro' | 'code'>('intro');
  const [code, setCode] = useState('');
  const superadmin = me.role === 'superadmin';
  // Each call clears the other's error: the message shown is about the last thing tried.
  const sendCode = useMutation({ mutationFn: sendDeleteCode, onMutate: (): void => remove.reset(), onSuccess: () => setStage('code') });
  const remove = useMutation({
    mutationFn: deleteAccount,
    onMutate: (): void => sendCode.reset(),
    onSuccess: async (res) => {
      clearToken();
      await navigate('/sign-in', { replace: true });
      // Only now: the dashboard that read the cached user is gone.
      endSession();
      toastSuccess(res.message, { forNextScreen: true });
    },
  });
  // After the deletion the panel stays disabled until the sign-in page replaces it.
  const busy = sendCode.isPending || remove.isPending || remove.isSuccess;
  const failure = sendCode.error ?? remove.error;
  const error = failure ? messageOf(failure) : null;
  const send = () => sendCode.mutate();
  const confirm = () => remove.mutate(code);

  return (
    <Stack gap="md">
      <Text size="sm">Deleting your account signs you out everywhere and removes your sign-in. It cannot be undone.</Text>
      <Text size="sm">
        Your profile belongs to your organisation: it stays with them, taken offline and no longer linked to you. Ask your supervisor if it should be removed as
        well.
      </Text>
      {superadmin ? (
        <Alert color="yellow">A superadmin account cannot delete itself. Ask another superadmin to remove it.</Alert>
      ) : stage === 'intro' ? (
        <Group>
          <Button onClick={send} loading={busy}>
            Send code
          </Button>
        </Group>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            We emailed a 4-digit code to {me.email}.{' '}
            <Anchor component="button" type="button" size="sm" onClick={send} disabled={busy}>
              Send a new code
            </Anchor>
          </Text>
          <OneTimeCodeInput onChange={setCode} disabled={busy} autoFocus label="Code from the email" />
          <Group>
            <Button color="red" onClick={confirm} loading={busy} disabled={!/^\d{4}$/.test(code)}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      )}
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <BackToSettings />
    </Stack>
  );
}
