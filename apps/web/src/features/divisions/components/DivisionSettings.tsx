import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  ColorInput,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { contrastRatio, parseRgb, readableOn } from '@profilehub/profile-page/browser';
import { type CompanyConsoleRow, FEATURE_FLAGS, type FeatureFlag, type UpdateCompanyInput, UpdateCompanySchema, type WhiteLabel } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ApiError, messageOf } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { divisionOptions } from '../api/get-division.ts';
import { useUpdateDivision } from '../api/update-division.ts';
import { ArchivedBanner, ArchiveSection } from './ArchiveDivision.tsx';
import { CustomDomainCard } from './CustomDomainCard.tsx';

/** What each feature flag turns on (spec §3, §6), in the words an operator reads. */
const FLAG_TEXT: Record<FeatureFlag, string> = {
  approvals: 'Approvals: staff changes wait for a supervisor before they go live',
  templates: 'Templates: supervisors manage master templates',
  permissions: 'Permissions: templates lock or hide fields for staff',
  rte: 'Rich text in descriptions',
  corporate: 'Corporate home screen (team tiles)',
  invite_users: 'Supervisors may invite users',
  style_editing: 'Staff may change their page’s styling',
};

type Form = {
  title: string;
  description: string;
  subdomain: string;
  flags: Record<FeatureFlag, boolean>;
  paymentStructure: 'individual' | 'corporate';
  imageGallery: number;
  customSupportLink: string;
  trainingVideoUrl: string;
  whiteLabelled: boolean;
  whiteLabel: WhiteLabel;
};

const formOf = (c: CompanyConsoleRow): Form => ({
  title: c.title,
  description: c.description,
  subdomain: c.subdomain,
  flags: { ...c.feature_flags },
  paymentStructure: c.paymentStructure,
  imageGallery: c.limits.imageGallery,
  customSupportLink: c.customSupportLink ?? '',
  trainingVideoUrl: c.trainingVideoUrl ?? '',
  whiteLabelled: c.whiteLabel !== null,
  whiteLabel: c.whiteLabel ?? { title: c.title },
});

const orNull = (s: string) => (s.trim() ? s.trim() : null);
/** The white-label without empty fields (an emptied field means "the product's"). */
const cleanWhiteLabel = (wl: WhiteLabel): WhiteLabel =>
  Object.fromEntries(Object.entries(wl).filter(([k, v]) => k !== 'updatedAt' && v !== '' && v !== null && v !== undefined)) as WhiteLabel;

/** Only what changed is sent, with the version the form was loaded at. */
function changes(loaded: CompanyConsoleRow, f: Form): UpdateCompanyInput {
  const was = formOf(loaded);
  const out: UpdateCompanyInput = { updatedAt: loaded.updatedAt };
  if (f.title !== was.title) out.title = f.title;
  if (f.description !== was.description) out.description = f.description;
  if (f.subdomain !== was.subdomain) out.subdomain = f.subdomain;
  const flags = FEATURE_FLAGS.filter((k) => f.flags[k] !== was.flags[k]);
  if (flags.length) out.feature_flags = Object.fromEntries(flags.map((k) => [k, f.flags[k]]));
  if (f.paymentStructure !== was.paymentStructure) out.paymentStructure = f.paymentStructure;
  if (f.imageGallery !== was.imageGallery) out.limits = { imageGallery: f.imageGallery };
  if (f.customSupportLink !== was.customSupportLink) out.customSupportLink = orNull(f.customSupportLink);
  if (f.trainingVideoUrl !== was.trainingVideoUrl) out.trainingVideoUrl = orNull(f.trainingVideoUrl);
  const wl = f.whiteLabelled ? cleanWhiteLabel(f.whiteLabel) : null;
  const wasWl = loaded.whiteLabel ? cleanWhiteLabel(loaded.whiteLabel) : null;
  if (JSON.stringify(wl) !== JSON.stringify(wasWl)) out.whiteLabel = wl;
  return out;
}

/** One division's settings (`/divisions/{id}`): every setting the spec names, saved together, never over someone else's change. */
export function DivisionSettings({ id }: { id: number }) {
  const division = useQuery(divisionOptions(id));
  if (division.isError) {
    return (
      <Alert color="red" title="This division could not be loaded">
        {messageOf(division.error)}{' '}
        <Anchor component={Link} to="/divisions">
          Back to divisions
        </Anchor>
      </Alert>
    );
  }
  if (!division.data) return <Text c="dimmed">Loading…</Text>;
  return <SettingsForm key={division.data.updatedAt} loaded={division.data} onReload={() => division.refetch()} />;
}

function SettingsForm({ loaded, onReload }: { loaded: CompanyConsoleRow; onReload: () => void }) {
  const [form, setForm] = useState<Form>(() => formOf(loaded));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const save = useUpdateDivision();
  const wide = useMediaQuery('(min-width: 48em)', true);
  const patch = changes(loaded, form);
  const dirty = Object.keys(patch).length > 1;

  useEffect(() => setForm(formOf(loaded)), [loaded]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setWl = <K extends keyof WhiteLabel>(key: K, value: WhiteLabel[K]) => setForm((f) => ({ ...f, whiteLabel: { ...f.whiteLabel, [key]: value } }));
  const err = (path: string) => errors[path];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateCompanySchema.safeParse(patch);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { id: loaded.id, ...patch },
      {
        onSuccess: (row) => toastSuccess(`${row.title} was saved`),
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409 && !(e.body as { errors?: { path?: string }[] })?.errors?.[0]?.path) setStale(true);
          else if (e instanceof ApiError && (e.body as { errors?: { path?: string }[] })?.errors?.[0]?.path)
            setErrors({ [(e.body as { errors: { path: string }[] }).errors[0]!.path]: e.message });
          else toastError(e);
        },
      },
    );
  };

  const wl = form.whiteLabel;
  const brand = wl.brand_color || undefined;
  const brandRgb = parseRgb(brand);
  const onBrand = readableOn(brand);
  const ratio = brandRgb ? contrastRatio(brandRgb, parseRgb(onBrand) ?? [0, 0, 0]) : null;

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={loaded.title}
        description={
          <Group gap="xs">
            <Anchor component={Link} to="/divisions" size="sm">
              Divisions
            </Anchor>
            <Text size="sm" c="dimmed">
              · {loaded.members} people · {loaded.profiles} profiles
            </Text>
          </Group>
        }
        actions={
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            Save changes
          </Button>
        }
      />
      <ArchivedBanner division={loaded} />
      {stale ? (
        <Alert color="orange" title="Changed by someone else" mb="lg">
          <Stack gap="xs">
            <Text size="sm">Someone else changed this division since you opened it. Reload to see their changes, then make yours again.</Text>
            <Group>
              <Button size="xs" variant="light" onClick={onReload}>
                Reload
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Section title="General">
              <TextInput label="Name" value={form.title} onChange={(e) => set('title', e.currentTarget.value)} error={err('title')} />
              <TextInput label="Description" value={form.description} onChange={(e) => set('description', e.currentTarget.value)} error={err('description')} />
              <TextInput
                label="Address of its pages"
                description="The subdomain of the hub's public domain where its profile pages live. Changing it moves every published page."
                value={form.subdomain}
                onChange={(e) => set('subdomain', e.currentTarget.value)}
                error={err('subdomain')}
              />
            </Section>
            <CustomDomainCard id={loaded.id} />
            <Section title="Features">
              {FEATURE_FLAGS.map((f) => (
                <Checkbox
                  key={f}
                  label={FLAG_TEXT[f]}
                  checked={form.flags[f]}
                  onChange={(e) => set('flags', { ...form.flags, [f]: e.currentTarget.checked })}
                />
              ))}
            </Section>
            <Section title="Billing and limits">
              <div>
                <Text size="sm" fw={500} mb={4}>
                  Payment structure
                </Text>
                {/* Side by side the two choices are wider than a phone: stacked there. */}
                <SegmentedControl
                  orientation={wide ? 'horizontal' : 'vertical'}
                  fullWidth={!wide}
                  value={form.paymentStructure}
                  onChange={(v) => set('paymentStructure', v as Form['paymentStructure'])}
                  data={[
                    { value: 'corporate', label: 'Corporate (the company pays)' },
                    { value: 'individual', label: 'Individual (each person pays)' },
                  ]}
                />
              </div>
              <NumberInput
                label="Images per gallery"
                min={0}
                max={50}
                value={form.imageGallery}
                onChange={(v) => set('imageGallery', typeof v === 'number' ? v : 0)}
                error={err('limits.imageGallery')}
              />
            </Section>
            <Section title="Support and training">
              <TextInput
                label="Support link"
                description="An https:// page or an email address; empty for the product's support page."
                value={form.customSupportLink}
                onChange={(e) => set('customSupportLink', e.currentTarget.value)}
                error={err('customSupportLink')}
              />
              <TextInput
                label="Training video"
                placeholder="https://www.youtube.com/watch?v=…"
                value={form.trainingVideoUrl}
                onChange={(e) => set('trainingVideoUrl', e.currentTarget.value)}
                error={err('trainingVideoUrl')}
              />
            </Section>
            <Section title="White-label">
              <Switch
                label="This division has its own brand and hub"
                checked={form.whiteLabelled}
                onChange={(e) => set('whiteLabelled', e.currentTarget.checked)}
              />
              {form.whiteLabelled ? (
                <>
                  <TextInput label="Hub title" value={wl.title ?? ''} onChange={(e) => setWl('title', e.currentTarget.value)} error={err('whiteLabel.title')} />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <ColorInput
                      label="Brand colour"
                      value={wl.brand_color ?? ''}
                      onChange={(v) => setWl('brand_color', v)}
                      error={err('whiteLabel.brand_color')}
                    />
                    <ColorInput
                      label="Dark brand colour"
                      value={wl.brand_dark_color ?? ''}
                      onChange={(v) => setWl('brand_dark_color', v)}
                      error={err('whiteLabel.brand_dark_color')}
                    />
                    <ColorInput
                      label="Success colour"
                      value={wl.brand_color_success ?? ''}
                      onChange={(v) => setWl('brand_color_success', v)}
                      error={err('whiteLabel.brand_color_success')}
                    />
                    <ColorInput
                      label="Error colour"
                      value={wl.brand_color_error ?? ''}
                      onChange={(v) => setWl('brand_color_error', v)}
                      error={err('whiteLabel.brand_color_error')}
                    />
                  </SimpleGrid>
                  {ratio !== null ? (
                    <Text size="xs" c={ratio >= 4.5 ? 'dimmed' : 'orange.8'}>
                      Text on the brand colour: {ratio.toFixed(1)}:1{' '}
                      {ratio >= 4.5 ? '(readable)' : '— below 4.5:1; buttons switch to the more readable of dark or light text'}
                    </Text>
                  ) : null}
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="Logo (dark, for light backgrounds)"
                      value={wl.logo ?? ''}
                      onChange={(e) => setWl('logo', e.currentTarget.value)}
                      error={err('whiteLabel.logo')}
                    />
                    <TextInput
                      label="Logo (light)"
                      value={wl.light_logo ?? ''}
                      onChange={(e) => setWl('light_logo', e.currentTarget.value)}
                      error={err('whiteLabel.light_logo')}
                    />
                    <TextInput label="Icon" value={wl.icon ?? ''} onChange={(e) => setWl('icon', e.currentTarget.value)} error={err('whiteLabel.icon')} />
                    <TextInput
                      label="Icon (light)"
                      value={wl.light_icon ?? ''}
                      onChange={(e) => setWl('light_icon', e.currentTarget.value)}
                      error={err('whiteLabel.light_icon')}
                    />
                    <TextInput
                      label="Profile placeholder image"
                      value={wl.profile_placeholder_image ?? ''}
                      onChange={(e) => setWl('profile_placeholder_image', e.currentTarget.value)}
                      error={err('whiteLabel.profile_placeholder_image')}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="Hub domain"
                      description="Its own host for the hub (DNS pointing at this server)."
                      placeholder="hub.initech.example"
                      value={wl.domain ?? ''}
                      onChange={(e) => setWl('domain', e.currentTarget.value)}
                      error={err('whiteLabel.domain')}
                    />
                    <TextInput
                      label="Profile domain"
                      placeholder="cards.initech.example"
                      value={wl.profile_domain ?? ''}
                      onChange={(e) => setWl('profile_domain', e.currentTarget.value)}
                      error={err('whiteLabel.profile_domain')}
                    />
                  </SimpleGrid>
                  <Textarea
                    label="Custom CSS for the hub"
                    autosize
                    minRows={3}
                    maxRows={12}
                    value={wl.css ?? ''}
                    onChange={(e) => setWl('css', e.currentTarget.value)}
                    error={err('whiteLabel.css')}
                  />
                  <Textarea
                    label="Legal text"
                    autosize
                    minRows={3}
                    maxRows={12}
                    value={wl.legal ?? ''}
                    onChange={(e) => setWl('legal', e.currentTarget.value)}
                    error={err('whiteLabel.legal')}
                  />
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  The division uses the product's name, logo and colours.
                </Text>
              )}
            </Section>
            <ArchiveSection division={loaded} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder radius="md" p="md" style={{ position: 'sticky', top: 80 }} aria-label="Brand preview">
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb="sm">
              Preview
            </Text>
            <Stack gap="sm">
              <Paper radius="md" p="md" style={{ background: '#f5f7fa' }}>
                <Text fw={700} size="lg" style={{ color: wl.brand_dark_color || undefined }}>
                  Sign in to {form.whiteLabelled ? wl.title || form.title : 'Profilehub'} hub
                </Text>
                <Button fullWidth mt="sm" style={form.whiteLabelled && brand ? { background: brand, color: onBrand } : undefined}>
                  Continue
                </Button>
              </Paper>
              <Paper radius="md" p="md" withBorder>
                <Title order={4}>Jane Doe</Title>
                <Text size="sm" c="dimmed">
                  Sales · {form.title}
                </Text>
                <Button fullWidth mt="sm" radius="xl" style={form.whiteLabelled && brand ? { background: brand, color: onBrand } : undefined}>
                  Save my details
                </Button>
              </Paper>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
