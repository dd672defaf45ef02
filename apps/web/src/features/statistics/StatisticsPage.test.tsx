import { type LeadFormsResponse, type ReportOverview, type ReportResponse, todayUtc, VIEW_DIMENSIONS, type ViewSourcesResponse } from '@profilehub/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockSignedIn, testCompany, testFlags } from '../../test/dashboard.ts';
import type { MockCall } from '../../test/fetch-mock.ts';
import { divisionsReply } from '../../test/fixtures.ts';
import { renderAt, testDivision, testUser } from '../../test/render.tsx';

const acme = testCompany({ feature_flags: testFlags({ corporate: true }), paymentStructure: 'corporate' });

/** Where views came from: QR codes and signatures on a few phones; the other dimensions empty. */
const viewSources = (call: MockCall): ViewSourcesResponse => ({
  dimensions: VIEW_DIMENSIONS.map((dimension) =>
    dimension === 'source'
      ? {
          dimension,
          total: 40,
          items: [
            { value: 'qr', label: 'QR code', count: 30, percentage: 75 },
            { value: 'signature', label: 'Email signature', count: 10, percentage: 25 },
          ],
        }
      : dimension === 'country'
        ? { dimension, total: 40, items: [{ value: 'GB', label: 'GB', count: 40, percentage: 100 }] }
        : { dimension, total: 0, items: [] },
  ),
  start: call.query.get('start'),
  end: call.query.get('end') ?? '2026-05-20',
});

const empty = (call: MockCall): ReportResponse => ({
  data: [],
  total: 0,
  visitors: 0,
  filtered: 0,
  previous: null,
  start: call.query.get('start'),
  end: call.query.get('end') ?? '2026-05-20',
});

type Answers = Record<string, (call: MockCall) => ReportResponse>;

/** Report answers by name; anything not given is empty. */
function reports(answers: Answers) {
  return (call: MockCall) => {
    const name = call.path.split('/').at(-1)!;
    return { body: (answers[name] ?? empty)(call) };
  };
}

function signedInAs(user: ReturnType<typeof testUser>, answers: Answers, overview: ReportOverview) {
  const handler = reports(answers);
  return mockSignedIn(user, {
    'GET /api/users/divisions': divisionsReply([testDivision(acme.id, acme.title, { masterProfileId: null })]),
    'GET /api/reports/overview': { body: overview },
    'GET /api/reports/lead-forms': { body: { data: [], total: 4 } satisfies LeadFormsResponse },
    'GET /api/reports/view-sources': (call: MockCall) => ({ body: viewSources(call) }),
    'GET /api/reports/query/all_visits': handler,
    'GET /api/reports/query/profile_views': handler,
    'GET /api/reports/query/interactions': handler,
    'GET /api/reports/query/top_interactions': handler,
    'GET /api/reports/query/profile_with_count': handler,
    'GET /api/reports/query/average_interactions': handler,
  });
}

const busy = {
  all_visits: (call: MockCall) => ({
    ...empty(call),
    data: [{ label: 'Profile Views', data: 1234 }],
    total: call.query.get('start') ? 40 : 1234,
    visitors: 30,
    filtered: 7,
    previous: call.query.get('start') ? 32 : null,
  }),
  profile_views: (call: MockCall) => ({ ...empty(call), interval: 'day', total: 3, data: [{ label: '2026-05-19', title: '19 May', data: 3, visitors: 2 }] }),
  interactions: (call: MockCall) => ({
    ...empty(call),
    total: 12,
    data: [
      { label: 'Call', title: 'Click to call', action: 'click', type: 'phone', data: 5 },
      { label: 'Directions', title: 'Link Clicks', action: 'click', type: 'url', data: 2 },
      { label: 'WhatsApp', title: 'WhatsApp', action: 'click', type: 'whatsapp', data: 3 },
      { label: 'SMS', title: 'SMS', action: 'click', type: 'sms', data: 1 },
      { label: 'Share', title: 'Share', action: 'share', type: 'page', data: 1 },
    ],
  }),
  top_interactions: (call: MockCall) => ({
    ...empty(call),
    total: 1500,
    data: [
      { label: 'Website', title: 'Link Clicks', action: 'click', type: 'url', data: 1490 },
      { label: 'Fax', title: 'Click to call', action: 'click', type: 'phone', data: 10 },
    ],
  }),
  profile_with_count: (call: MockCall) => ({
    ...empty(call),
    total: 30,
    data: [
      { label: 'Carl Colleague', data: 20, profileId: 8, companyId: 3, picture: null },
      { label: 'Jane Doe', data: 10, profileId: 7, companyId: 3, picture: null },
    ],
  }),
} satisfies Answers;

/** The overview of Jane's own profile, the only one she has. */
const janeOverview: ReportOverview = {
  kind: 'profile',
  name: 'Jane Doe',
  picture: null,
  profile: { id: 7, companyId: 3, alias: 'jane-doe', published: true, isMaster: false },
  profileCount: 1,
};

describe('Statistics page', () => {
  it('lifetime views are lifetime, whatever range is chosen (not up to the end of a past month)', async () => {
    const today = todayUtc();
    signedInAs(
      testUser({ companies: [acme] }),
      {
        ...busy,
        // Up to today: 1,234; up to the end of July: 709.
        all_visits: (call: MockCall) => ({ ...busy.all_visits(call), total: call.query.get('start') ? 40 : call.query.get('end') === today ? 1234 : 709 }),
      },
      janeOverview,
    );
    renderAt('/statistics?start=2026-07-01&end=2026-07-31');
    expect(await screen.findByText('1.2K lifetime views')).toBeInTheDocument();
  });

  it('a count whose report has not answered yet is shown as pending, never as 0', async () => {
    signedInAs(testUser({ companies: [acme] }), busy, janeOverview);
    // The lifetime report (all_visits without a start) is held until the test lets it answer.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/all_visits') && !url.searchParams.get('start')) await held;
      return answering(input, init);
    });
    renderAt('/statistics');
    expect(await screen.findByText('… lifetime views')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('0 lifetime views')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('1.2K lifetime views')).toHaveAttribute('aria-busy', 'false');
  });

  it('a user sees their profile overview, counts in K, and no Top viewed profiles or filters', async () => {
    signedInAs(testUser({ companies: [acme] }), busy, janeOverview);
    renderAt('/statistics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile stats overview' })).toBeInTheDocument();
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(screen.getByText('Lifetime overview')).toBeInTheDocument();
    expect(await screen.findByText('1.2K lifetime views')).toBeInTheDocument();
    expect(screen.getByText('7 bot visits filtered out')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Top viewed profiles' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Division')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to users' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/self-service');
    // Your top interactions: count in K, '<1' share for under 1%.
    const top = screen.getByRole('region', { name: 'Your top interactions' });
    expect(await within(top).findByText('1.5K')).toBeInTheDocument();
    expect(within(top).getByText('<1%')).toBeInTheDocument();
    // Getting in touch: messages are WhatsApp + SMS, navigate the directions link, lead forms from the submissions.
    const touch = screen.getByRole('region', { name: 'Getting in touch' });
    const row = (label: string) => within(touch).getByText(label).closest('div')!;
    expect(within(row('Messages')).getByText('4')).toBeInTheDocument();
    expect(within(row('Click to navigate')).getByText('2')).toBeInTheDocument();
    expect(within(row('Lead form submissions')).getByText('4')).toBeInTheDocument();
    expect(within(touch).getByRole('button', { name: 'Download lead form submissions (.xlsx)' })).toBeInTheDocument();
    expect(screen.queryByText('This user is not active enough to show data.')).not.toBeInTheDocument();
  });

  it('an inactive profile gets the empty state with the quick-start video, and empty charts say so', async () => {
    signedInAs(testUser({ companies: [acme] }), {}, { kind: 'profile', name: 'Jane Doe', picture: null, profile: null, profileCount: 1 });
    renderAt('/statistics');
    expect(await screen.findByText('This user is not active enough to show data.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch the quick-start video' })).toHaveAttribute('target', '_blank');
    const pie = screen.getByRole('region', { name: 'Top profile interactions' });
    expect(within(pie).getByText('No data or data is still loading')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Profile views' })).getByText('No data or data is still loading')).toBeInTheDocument();
  });

  it('a supervisor sees the company, the division filter, Back to users and Top viewed profiles linking to drill-downs', async () => {
    const calls = signedInAs(testUser({ role: 'supervisor', companies: [acme], supervisedCompanyIds: [3], profile: null }), busy, {
      kind: 'company',
      name: '',
      picture: null,
      profile: null,
      profileCount: 2,
    });
    renderAt('/statistics?start=2026-05-01&end=2026-05-20');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company stats overview' })).toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Division').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/users');
    const topProfiles = await screen.findByRole('region', { name: 'Top viewed profiles' });
    expect(await within(topProfiles).findByRole('link', { name: 'Carl Colleague' })).toHaveAttribute(
      'href',
      '/statistics/8_3_carl-colleague?start=2026-05-01&end=2026-05-20',
    );
    // Not "Your …": the company view's card says whose interactions it counts; Top viewed profiles keeps to its rows.
    expect(screen.getByRole('region', { name: 'Top interactions across profiles' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your top interactions' })).not.toBeInTheDocument();
    expect(topProfiles.style.alignSelf).toBe('start');
    expect(screen.queryByRole('region', { name: 'Industry average per profile' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/reports/query/average_interactions')).toBe(false);
    // 40 views against 32 in the previous period.
    expect(await screen.findByText('+25% on the previous period (32)')).toBeInTheDocument();
    const views = calls.find((c) => c.path === '/api/reports/query/profile_views');
    expect(views?.query.get('start')).toBe('2026-05-01');
    expect(views?.query.get('end')).toBe('2026-05-20');
  });

  it('shows where views came from for the range and scope, with the download and DB-IP attribution', async () => {
    const calls = signedInAs(testUser({ role: 'supervisor', companies: [acme], supervisedCompanyIds: [3], profile: null }), busy, {
      kind: 'company',
      name: '',
      picture: null,
      profile: null,
      profileCount: 2,
    });
    renderAt('/statistics?start=2026-05-01&end=2026-05-20&companyId=3');
    const card = await screen.findByRole('region', { name: 'Where views come from' });
    const source = await within(card).findByRole('region', { name: 'Source' });
    expect(await within(source).findByText('QR code')).toBeInTheDocument();
    expect(within(source).getByText('75%')).toBeInTheDocument();
    expect(within(source).getByText('Email signature')).toBeInTheDocument();
    expect(within(within(card).getByRole('region', { name: 'Campaign' })).getByText('No views yet')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download view sources (.xlsx)' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'IP geolocation by DB-IP' })).toHaveAttribute('href', 'https://db-ip.com');
    const asked = calls.find((c) => c.path === '/api/reports/view-sources');
    expect([asked?.query.get('start'), asked?.query.get('end'), asked?.query.get('companyId')]).toEqual(['2026-05-01', '2026-05-20', '3']);
  });

  it('a drill-down asks for that profile and offers Back to company stats', async () => {
    const calls = signedInAs(testUser({ role: 'supervisor', companies: [acme], supervisedCompanyIds: [3], profile: null }), busy, {
      kind: 'profile',
      name: 'Carl Colleague',
      picture: null,
      profile: { id: 8, companyId: 3, alias: 'carl', published: true, isMaster: false },
      profileCount: 1,
    });
    renderAt('/statistics/8_3_carl-colleague');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile stats overview' })).toBeInTheDocument();
    expect(await screen.findByText('Carl Colleague')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to company stats' })).toHaveAttribute('href', '/statistics');
    expect(await screen.findByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/self-service/8?companyId=3');
    expect(screen.queryByRole('region', { name: 'Top viewed profiles' })).not.toBeInTheDocument();
    // A colleague's profile is not the supervisor's own.
    expect(screen.getByRole('region', { name: 'Top interactions' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/reports/query/')).every((c) => c.query.get('profileId') === '8')).toBe(true);
  });

  it('a superadmin also sees the industry average per profile', async () => {
    signedInAs(
      testUser({ role: 'superadmin', companies: [], profile: null }),
      {
        ...busy,
        average_interactions: (call: MockCall) => ({ ...empty(call), data: [{ label: 'Click to call', data: 2.5, action: 'click', type: 'phone' }] }),
      },
      { kind: 'company', name: '', picture: null, profile: null, profileCount: 9 },
    );
    renderAt('/statistics');
    expect(await screen.findByText('All divisions')).toBeInTheDocument();
    const average = await screen.findByRole('region', { name: 'Industry average per profile' });
    expect(await within(average).findByText('2.5')).toBeInTheDocument();
  });
});
