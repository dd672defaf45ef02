import { Alert, Badge, Button, Code, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { DomainState } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { messageOf } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { divisionDomainOptions } from '../api/get-division-domain.ts';
import { useRemoveDivisionDomain } from '../api/remove-division-domain.ts';
import { useSetDivisionDomain } from '../api/set-division-domain.ts';
import { useVerifyDivisionDomain } from '../api/verify-division-domain.ts';

const STATUS: Record<DomainState['status'], { label: string; color: string }> = {
  none: { label: 'Not set', color: 'gray' },
  pending: { label: 'Waiting for verification', color: 'orange' },
  verified: { label: 'Verified', color: 'green' },
};

/**
 * The division's own domain: enter it, create the DNS record shown, let the hub verify it over
 * HTTP. It has its own buttons, apart from the settings form's "Save changes".
 */
export function CustomDomainCard({ id }: { id: number }) {
  const query = useQuery(divisionDomainOptions(id));
  const setDomain = useSetDivisionDomain(id);
  const verify = useVerifyDivisionDomain(id);
  const remove = useRemoveDivisionDomain(id);
  const [draft, setDraft] = useState('');
  const state = query.data;

  const save = () =>
    setDomain.mutate(
      { id, domain: draft },
      {
        onSuccess: () => {
          setDraft('');
          verify.reset();
        },
      },
    );
  // The card sits inside the settings form: Enter here sets the domain, it does not save the form.
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    save();
  };
  const onVerify = () => verify.mutate(id, { onSuccess: (s) => toastSuccess(`${s.domain} is verified: the division’s pages are served there.`) });
  const onRemove = () =>
    remove.mutate(id, {
      onSuccess: () => {
        verify.reset();
        toastSuccess('The custom domain is removed.');
      },
      onError: (err) => toastError(err),
    });

  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="custom-domain-title">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="custom-domain-title">
          Custom domain
        </Title>
        {state ? (
          <Badge color={STATUS[state.status].color} variant="light">
            {STATUS[state.status].label}
          </Badge>
        ) : null}
      </Group>
      {!state ? (
        query.isError ? (
          <Alert color="red">{messageOf(query.error)}</Alert>
        ) : (
          <Skeleton h={60} />
        )
      ) : (
        <Stack gap="sm">
          {state.status === 'verified' ? (
            <Text size="sm">
              The division’s pages are served at <b>https://{state.domain}</b>.
            </Text>
          ) : null}
          {state.status === 'pending' ? (
            <>
              <Text size="sm">
                Create this DNS record where <b>{state.domain}</b> is managed, then verify it:
              </Text>
              <Table.ScrollContainer minWidth={280}>
                <Table withTableBorder fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Type</Table.Th>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Points to</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td>CNAME</Table.Td>
                      <Table.Td>{state.domain}</Table.Td>
                      <Table.Td>{state.target}</Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Text size="xs" c="dimmed">
                A domain without a subdomain (example.com) cannot have a CNAME: give it A and AAAA records with the addresses of {state.target} instead.
              </Text>
              <Text size="sm">The hub checks that this address answers with its token:</Text>
              <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {state.checkUrl}
              </Code>
              {verify.isError ? (
                <Alert color="red" title="Not verified yet">
                  {messageOf(verify.error)}
                </Alert>
              ) : null}
            </>
          ) : null}
          <TextInput
            label={state.status === 'none' ? 'Domain' : 'Use another domain'}
            description="Such as cards.example.com: no https://, no path."
            placeholder="cards.example.com"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={onKey}
            error={setDomain.isError ? messageOf(setDomain.error) : undefined}
          />
          <Group gap="sm">
            <Button
              type="button"
              variant={state.status === 'pending' ? 'default' : 'filled'}
              onClick={save}
              loading={setDomain.isPending}
              disabled={!draft.trim()}
            >
              Set domain
            </Button>
            {state.status === 'pending' ? (
              <Button type="button" onClick={onVerify} loading={verify.isPending}>
                Verify now
              </Button>
            ) : null}
            {state.status !== 'none' ? (
              <Button type="button" color="red" variant="light" onClick={onRemove} loading={remove.isPending}>
                Remove
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
