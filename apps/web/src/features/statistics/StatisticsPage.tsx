import './statistics-styles.ts';
import { Avatar, Box, Button, EmptyState, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ACTION_ROWS,
  chartPalette,
  type DayRange,
  formatCount,
  GETTING_IN_TOUCH,
  pieSlices,
  REPORT_LIMITS,
  type ReportItem,
  STATS_TEXTS,
  todayUtc,
  VIEW_SOURCE_TEXTS,
} from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { IconChart } from '../../components/dashboard-icons.tsx';
import { DivisionFilter } from '../../components/list/DivisionFilter.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDownload } from '../../lib/download.ts';
import { WELCOME_VIDEO_LINK } from '../../lib/product-links.ts';
import { useCurrentUser } from '../../lib/queries.ts';
import { useBranding } from '../../lib/white-label.ts';
import { downloadLeadForms } from './api/download-lead-forms.ts';
import { downloadViewSources } from './api/download-view-sources.ts';
import { leadFormsOptions } from './api/get-lead-forms.ts';
import { overviewOptions } from './api/get-overview.ts';
import { reportOptions } from './api/get-report.ts';
import { viewSourcesOptions } from './api/get-view-sources.ts';
import type { StatsScope } from './api/stats-query.ts';
import { DateRangePicker } from './components/DateRangePicker.tsx';
import { AverageRows, ChartLoader, CountRows, DownloadButton, StatCard, TopInteractionsList, TopProfilesList } from './components/StatCards.tsx';
import { ViewSourceLists } from './components/ViewSources.tsx';
import { parseStatsAlias, rangeFromSearch, rangeTitle, showsFilters, showsTopProfiles, statsAlias } from './statistics-rules.ts';

// recharts is the heaviest part of the page: it arrives after the numbers, never on other screens.
const InteractionsPie = lazy(async () => ({ default: (await import('./components/Charts.tsx')).InteractionsPie }));
const ViewsLine = lazy(async () => ({ default: (await import('./components/Charts.tsx')).ViewsLine }));

const LIFETIME = (end: string): DayRange => ({ start: null, end });

/** Spec §2 Statistics page: `/statistics` (the caller's scope) and `/statistics/{profileId_companyId_name}`. */
export function StatisticsPage() {
  const me = useCurrentUser();
  const branding = useBranding();
  const navigate = useNavigate();
  const { alias } = useParams();
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search);
  const filters = showsFilters(me.role);
  const fromAlias = parseStatsAlias(alias);
  const divisions = (search.get('companyId') ?? '').split(',').filter((s) => /^\d+$/.test(s));
  // A user always sees their own profile (the server knows which); others the profile of the alias or the divisions picked.
  const scope: StatsScope = me.role === 'user' ? {} : fromAlias.profileId ? { profileId: fromAlias.profileId } : { companyIds: divisions.map(Number) };
  const viewingProfile = me.role === 'user' || Boolean(fromAlias.profileId);

  const overview = useQuery(overviewOptions(scope));
  const views = useQuery(reportOptions('profile_views', scope, range));
  const visits = useQuery(reportOptions('all_visits', scope, range));
  // Lifetime is lifetime: up to today, whatever range the rest of the page shows.
  const lifetime = useQuery(reportOptions('all_visits', scope, LIFETIME(todayUtc())));
  const interactions = useQuery(reportOptions('interactions', scope, range));
  const top = useQuery(reportOptions('top_interactions', scope, range));
  const leads = useQuery(leadFormsOptions(scope, range));
  const topProfilesShown = overview.data ? showsTopProfiles(me.role, overview.data) : false;
  const topProfiles = useQuery({ ...reportOptions('profile_with_count', scope, range), enabled: topProfilesShown });
  // Spec §6: the superadmin also sees the industry average to compare with.
  const average = useQuery({ ...reportOptions('average_interactions', {}, range), enabled: me.role === 'superadmin' });
  const palette = useMemo(() => chartPalette(branding.whiteLabel?.brand_color), [branding.whiteLabel?.brand_color]);
  const { downloading, download: downloadXlsx } = useDownload(downloadLeadForms);
  const sources = useQuery(viewSourcesOptions(scope, range));
  const sourcesXlsx = useDownload(downloadViewSources);

  const setRange = (next: DayRange) => {
    const params = new URLSearchParams(search);
    if (next.start) params.set('start', next.start);
    else params.delete('start');
    params.set('end', next.end);
    setSearch(params, { replace: true });
  };
  const keepQuery = search.toString() ? `?${search.toString()}` : '';
  const profileLink = (item: ReportItem) => `/statistics/${statsAlias(item.profileId!, item.companyId!, item.label)}${keepQuery}`;

  const kind = viewingProfile ? 'Profile' : 'Company';
  // Spec §2 names the card for one's own profile; the company view and a colleague's profile are not "yours".
  const ownProfile = me.role === 'user' || (fromAlias.profileId !== null && fromAlias.profileId === me.profile?.id);
  const topInteractionsTitle = ownProfile
    ? STATS_TEXTS.cards.yourTopInteractions
    : viewingProfile
      ? STATS_TEXTS.cards.topInteractions
      : STATS_TEXTS.cards.companyTopInteractions;
  const name = overview.data?.name || (viewingProfile ? '' : companyName(me, divisions));
  const interactionItems = interactions.data?.data ?? [];
  const pie = pieSlices(groupByTitle(interactionItems.filter((i) => i.action !== 'view' && i.action !== 'scroll')), REPORT_LIMITS.pieTopN);
  const inactive = viewingProfile && lifetime.data?.total === 0 && interactions.data?.total === 0;

  const download = () => void downloadXlsx(scope, range);

  return (
    <>
      <PageHeader
        title={`${kind} stats overview`}
        description={
          <Group gap="sm" wrap="nowrap" component="span">
            <Avatar src={overview.data?.picture ?? null} alt="" size={40} radius="xl" name={name || kind} color="initials" />
            <Stack gap={0} component="span">
              {name ? (
                <Text component="span" fw={600} c="var(--mantine-color-text)">
                  {name}
                </Text>
              ) : null}
              <Text component="span" size="sm" c="dimmed">
                {rangeTitle(range)}
              </Text>
            </Stack>
          </Group>
        }
        actions={<DateRangePicker key={`${range.start}-${range.end}`} value={range} onChange={setRange} />}
      />

      <Group gap="sm" mb="lg" wrap="wrap" align="flex-end">
        {filters && !fromAlias.profileId ? (
          <DivisionFilter
            value={divisions.map(Number)}
            w={{ base: '100%', sm: 280 }}
            onChange={(ids) => {
              const params = new URLSearchParams(search);
              if (ids.length) params.set('companyId', ids.join(','));
              else params.delete('companyId');
              setSearch(params, { replace: true });
            }}
          />
        ) : null}
        {filters ? <UserSearch scope={fromAlias.profileId ? {} : scope} onPick={(item) => navigate(profileLink(item))} /> : null}
        {viewingProfile ? (
          <Button
            component={Link}
            to={
              me.role === 'user'
                ? '/self-service'
                : `/self-service/${fromAlias.profileId}${overview.data?.profile ? `?companyId=${overview.data.profile.companyId}` : ''}`
            }
            variant="light"
          >
            {STATS_TEXTS.editProfile}
          </Button>
        ) : null}
        {filters && fromAlias.profileId ? (
          <Button component={Link} to={`/statistics${keepQuery}`} variant="default">
            {STATS_TEXTS.backToCompany}
          </Button>
        ) : null}
        {filters ? (
          <Button component={Link} to="/users" variant="default">
            {STATS_TEXTS.backToUsers}
          </Button>
        ) : null}
      </Group>

      {inactive ? (
        <EmptyState
          variant="light"
          size="lg"
          icon={<IconChart size={28} />}
          title={STATS_TEXTS.notActive}
          description="Share your profile link to get your first visitors. The quick-start video shows how."
          mb="lg"
        >
          <EmptyState.Actions>
            <Button component="a" href={branding.whiteLabel?.tut_video || WELCOME_VIDEO_LINK} target="_blank" rel="noreferrer">
              Watch the quick-start video
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <StatCard title={STATS_TEXTS.cards.topProfileInteractions} empty={pie.length === 0}>
          <Suspense fallback={<ChartLoader />}>
            <InteractionsPie slices={pie} colors={palette} />
          </Suspense>
        </StatCard>

        <StatCard
          title={STATS_TEXTS.cards.profileViews}
          empty={!views.data || views.data.total === 0}
          aside={
            <Stack gap={0} align="flex-end">
              {/* Until its report answers, a count is not shown as 0: a person would read it as none. */}
              <Text size="sm" fw={600} aria-busy={!lifetime.data}>
                {lifetime.data ? formatCount(lifetime.data.total) : '…'} lifetime views
              </Text>
              <Text size="xs" c="dimmed" aria-busy={!visits.data}>
                {visits.data ? `${formatCount(visits.data.total)} in range · ${formatCount(visits.data.visitors)} unique visitors` : '… in range'}
              </Text>
              {visits.data && visits.data.previous != null ? (
                <Text size="xs" c="dimmed">
                  {previousText(visits.data.total, visits.data.previous)}
                </Text>
              ) : null}
              {visits.data?.filtered ? (
                <Text size="xs" c="dimmed">
                  {formatCount(visits.data.filtered)} bot visits filtered out
                </Text>
              ) : null}
            </Stack>
          }
        >
          <Suspense fallback={<ChartLoader />}>
            <ViewsLine items={views.data?.data ?? []} color={palette[0] ?? 'blue'} />
          </Suspense>
        </StatCard>

        {topProfilesShown ? (
          // Sized to its few rows, not stretched to the long list beside it.
          <StatCard title={STATS_TEXTS.cards.topViewedProfiles} empty={!topProfiles.data?.data.length} fit>
            <TopProfilesList items={topProfiles.data?.data ?? []} linkOf={profileLink} />
          </StatCard>
        ) : null}

        <StatCard title={topInteractionsTitle} empty={!top.data?.data.length}>
          <TopInteractionsList items={top.data?.data ?? []} total={top.data?.total ?? 0} />
        </StatCard>

        <StatCard title={STATS_TEXTS.cards.gettingInTouch} empty={!interactions.data && !leads.data}>
          <CountRows
            rows={GETTING_IN_TOUCH}
            items={interactionItems}
            extra={{
              'lead-form': {
                count: leads.data?.total ?? 0,
                action: <DownloadButton label="Download lead form submissions (.xlsx)" onClick={download} loading={downloading} />,
              },
            }}
          />
        </StatCard>

        <StatCard title={STATS_TEXTS.cards.actions} empty={!interactions.data}>
          <CountRows rows={ACTION_ROWS} items={interactionItems} />
        </StatCard>

        <Box style={{ gridColumn: '1 / -1' }}>
          <StatCard
            title={VIEW_SOURCE_TEXTS.card}
            empty={!sources.data}
            aside={
              <DownloadButton label={VIEW_SOURCE_TEXTS.download} onClick={() => void sourcesXlsx.download(scope, range)} loading={sourcesXlsx.downloading} />
            }
          >
            {sources.data ? <ViewSourceLists report={sources.data} /> : null}
          </StatCard>
        </Box>

        {me.role === 'superadmin' ? (
          <StatCard title="Industry average per profile" empty={!average.data?.data.length}>
            <AverageRows items={(average.data?.data ?? []).slice(0, 10)} />
          </StatCard>
        ) : null}
      </SimpleGrid>
    </>
  );
}

/** Spec §4: the previous period is the same length, ending the day before the start. */
function previousText(now: number, before: number): string {
  if (before === 0) return `${formatCount(before)} in the previous period`;
  const change = Math.round(((now - before) / before) * 100);
  return `${change > 0 ? '+' : ''}${change}% on the previous period (${formatCount(before)})`;
}

/** Pie slices are interaction kinds (the item's title), not single links. */
function groupByTitle(items: ReportItem[]): { label: string; data: number }[] {
  const byTitle = new Map<string, number>();
  for (const i of items) byTitle.set(i.title ?? i.label, (byTitle.get(i.title ?? i.label) ?? 0) + i.data);
  return [...byTitle].map(([label, data]) => ({ label, data }));
}

function companyName(me: ReturnType<typeof useCurrentUser>, picked: string[]): string {
  const titles = me.companies.filter((c) => picked.includes(String(c.id))).map((c) => c.title);
  if (titles.length) return titles.join(', ');
  if (me.role === 'superadmin' && picked.length === 0) return 'All divisions';
  const own = me.companies.filter((c) => me.supervisedCompanyIds.includes(c.id)).map((c) => c.title);
  return own.join(', ');
}

/** User search: people of the divisions in view, by name, most viewed first. */
function UserSearch({ scope, onPick }: { scope: StatsScope; onPick: (item: ReportItem) => void }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 500);
  const found = useQuery({ ...reportOptions('profile_with_count', scope, LIFETIME(todayUtc()), { filter: debounced }), enabled: debounced.length > 0 });
  const items = debounced ? (found.data?.data ?? []) : [];
  return (
    <Select
      label="Search users"
      placeholder="Name"
      searchable
      searchValue={text}
      onSearchChange={setText}
      data={items.map((i) => ({ value: String(i.profileId), label: i.label }))}
      filter={({ options }) => options}
      onChange={(id) => {
        const item = items.find((i) => String(i.profileId) === id);
        if (item) onPick(item);
      }}
      value={null}
      nothingFoundMessage={debounced ? 'No results found' : undefined}
      w={{ base: '100%', sm: 240 }}
    />
  );
}
