import { Alert, Badge, Button, Checkbox, Group, Pagination, Paper, Skeleton, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import type { Webhook, WebhookEvent } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { messageOf } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useCreateDivisionWebhook } from '../api/create-division-webhook.ts';
import { useDeleteDivisionWebhook } from '../api/delete-division-webhook.ts';
import { divisionWebhookDeliveriesOptions } from '../api/get-division-webhook-deliveries.ts';
import { divisionWebhooksOptions } from '../api/get-division-webhooks.ts';
import { useRotateDivisionWebhookSecret } from '../api/rotate-division-webhook-secret.ts';
import { useTestDivisionWebhook } from '../api/test-division-webhook.ts';
import { useUpdateDivisionWebhook } from '../api/update-division-webhook.ts';
import { SecretOnce } from './SecretOnce.tsx';

const STATUS_COLOR = { delivered: 'green', pending: 'yellow', failed: 'red' } as const;

/** The secret of a new webhook, or a rotated one: shown this once. */
function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <SecretOnce title="Copy the signing secret now: it is not shown again" copyLabel="Copy secret" secret={secret} testId="webhook-secret" onDone={onDone} />
  );
}

function DeliveryLog({ id, hookId }: { id: number; hookId: number }) {
  const [page, setPage] = useState(1);
  const query = useQuery(divisionWebhookDeliveriesOptions(id, hookId, page));
  if (!query.data) return query.isError ? <Alert color="red">{messageOf(query.error)}</Alert> : <Skeleton h={40} />;
  if (!query.data.total)
    return (
      <Text size="xs" c="dimmed">
        Nothing sent yet.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={600}>
        <Table striped fz="xs" aria-label="Delivery log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Tries</Table.Th>
              <Table.Th>When</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.deliveries.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.eventType}</Table.Td>
                <Table.Td>
                  <Badge size="xs" variant="light" color={STATUS_COLOR[d.status]}>
                    {d.status}
                  </Badge>
                </Table.Td>
                <Table.Td title={d.lastError ?? undefined}>{d.lastStatusCode ?? (d.lastError ? 'error' : '—')}</Table.Td>
                <Table.Td>{d.lastResponseMs === null ? '—' : `${d.lastResponseMs} ms`}</Table.Td>
                <Table.Td>
                  {d.attempts}
                  {d.status === 'pending' && d.attempts > 0 && d.nextAttemptAt ? `, next ${new Date(d.nextAttemptAt).toLocaleString()}` : ''}
                </Table.Td>
                <Table.Td>{new Date(d.createdAt).toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.data.total > query.data.pageSize ? (
        <Pagination size="sm" value={page} onChange={setPage} total={Math.ceil(query.data.total / query.data.pageSize)} />
      ) : null}
    </Stack>
  );
}

function WebhookRow({ id, hook }: { id: number; hook: Webhook }) {
  const update = useUpdateDivisionWebhook(id);
  const remove = useDeleteDivisionWebhook(id);
  const rotate = useRotateDivisionWebhookSecret();
  const test = useTestDivisionWebhook(id);
  const [secret, setSecret] = useState<string | null>(null);
  const [showLog, setShowLog] = useState(false);
  const onRotate = () => rotate.mutate({ id, hookId: hook.id }, { onSuccess: (r) => setSecret(r.secret), onError: (err) => toastError(err) });
  const onTest = () =>
    test.mutate(
      { id, hookId: hook.id },
      {
        onSuccess: () => {
          setShowLog(true);
          toastSuccess('A test event is on its way.');
        },
        onError: (err) => toastError(err),
      },
    );
  return (
    <Paper withBorder radius="sm" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {hook.url}
          </Text>
          <Switch
            label="On"
            checked={hook.enabled}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ id, hookId: hook.id, patch: { enabled: e.currentTarget.checked } }, { onError: (err) => toastError(err) })}
            aria-label={`Send events to ${hook.url}`}
          />
        </Group>
        <Group gap={4}>
          {hook.events.map((e) => (
            <Badge key={e} size="xs" variant="outline" tt="none">
              {e}
            </Badge>
          ))}
        </Group>
        {secret ? <WebhookSecret secret={secret} onDone={() => setSecret(null)} /> : null}
        <Group gap="xs">
          <Button type="button" size="xs" variant="light" onClick={onTest} loading={test.isPending}>
            Send test event
          </Button>
          <Button type="button" size="xs" variant="light" onClick={onRotate} loading={rotate.isPending}>
            Rotate secret
          </Button>
          <Button type="button" size="xs" variant="subtle" onClick={() => setShowLog((s) => !s)}>
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button
            type="button"
            size="xs"
            color="red"
            variant="subtle"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate({ id, hookId: hook.id }, { onSuccess: () => toastSuccess('The webhook is deleted.'), onError: (err) => toastError(err) })
            }
          >
            Delete
          </Button>
        </Group>
        {showLog ? <DeliveryLog id={id} hookId={hook.id} /> : null}
      </Stack>
    </Paper>
  );
}

/**
 * Webhooks (issue #29): URLs told of the division's events, signed per Standard Webhooks; a new
 * webhook's secret shown once, on/off, rotate, a test event and the delivery log. Sits inside the
 * settings form, like the SSO and SCIM cards.
 */
export function WebhooksCard({ id }: { id: number }) {
  const query = useQuery(divisionWebhooksOptions(id));
  const create = useCreateDivisionWebhook(id);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const onCreate = () =>
    create.mutate(
      { id, input: { url: url.trim(), events } },
      {
        onSuccess: (made) => {
          setSecret(made.secret);
          setUrl('');
          setEvents([]);
        },
      },
    );
  // Inside the settings form: Enter here adds the webhook, not the form's save.
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (url.trim() && events.length) onCreate();
  };

  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="webhooks-title">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="webhooks-title">
          Webhooks
        </Title>
        {query.data ? (
          <Badge color={query.data.webhooks.some((w) => w.enabled) ? 'green' : 'gray'} variant="light">
            {query.data.webhooks.length ? `${query.data.webhooks.length} webhook${query.data.webhooks.length === 1 ? '' : 's'}` : 'Off'}
          </Badge>
        ) : null}
      </Group>
      {!query.data ? (
        query.isError ? (
          <Alert color="red">{messageOf(query.error)}</Alert>
        ) : (
          <Skeleton h={60} />
        )
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            The hub POSTs the chosen events of this division to these URLs, signed per Standard Webhooks (headers webhook-id, webhook-timestamp,
            webhook-signature), and retries a failed delivery for over 24 hours.
          </Text>
          {secret ? <WebhookSecret secret={secret} onDone={() => setSecret(null)} /> : null}
          {query.data.webhooks.map((hook) => (
            <WebhookRow key={hook.id} id={id} hook={hook} />
          ))}
          <TextInput
            label="New webhook URL"
            placeholder="https://crm.example.com/hooks/profilehub"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            onKeyDown={onKey}
          />
          <Checkbox.Group label="Events" value={events} onChange={(v) => setEvents(v as WebhookEvent[])}>
            <Group gap="sm" mt={4}>
              {query.data.events.map((e) => (
                <Checkbox key={e} value={e} label={e} />
              ))}
            </Group>
          </Checkbox.Group>
          {create.isError ? <Alert color="red">{messageOf(create.error)}</Alert> : null}
          <Group gap="sm">
            <Button type="button" onClick={onCreate} loading={create.isPending} disabled={!url.trim() || !events.length}>
              Add webhook
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
