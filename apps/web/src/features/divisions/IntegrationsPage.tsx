import '../../components/list/mantine-styles.ts';
import './mantine-styles.ts';
import { Alert, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCurrentUser } from '../../lib/queries.ts';
import { IntegrationCards } from './components/IntegrationCards.tsx';

/** Up to this many divisions are chosen with tabs; more with a list. */
const TABS_UP_TO = 4;

/**
 * `/integrations` (supervisors): each division they supervise — its company single sign-on, SCIM
 * provisioning and webhooks, the same cards the divisions console shows superadmins.
 */
export function IntegrationsPage() {
  const me = useCurrentUser();
  const divisions = me.companies.filter((c) => me.supervisedCompanyIds.includes(c.id));
  const [chosen, setChosen] = useState<number | null>(divisions[0]?.id ?? null);
  const id = divisions.some((d) => d.id === chosen) ? chosen : (divisions[0]?.id ?? null);
  const options = divisions.map((d) => ({ value: String(d.id), label: d.title }));
  const choose = (v: string | null) => v && setChosen(Number(v));

  return (
    <>
      <PageHeader
        title="Integrations"
        description="How your people sign in, how your directory keeps them up to date, and where your division's events are sent."
      />
      {id === null ? (
        <Alert color="gray" title="No division to set up">
          You supervise no division at the moment.
        </Alert>
      ) : (
        <Stack gap="lg" maw={820}>
          {divisions.length > TABS_UP_TO ? (
            <Select label="Division" data={options} value={String(id)} onChange={choose} allowDeselect={false} searchable maw={360} />
          ) : divisions.length > 1 ? (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="integrations-division">
                Division
              </Text>
              <SegmentedControl aria-labelledby="integrations-division" data={options} value={String(id)} onChange={choose} />
            </Stack>
          ) : null}
          <IntegrationCards key={id} id={id} />
        </Stack>
      )}
    </>
  );
}
