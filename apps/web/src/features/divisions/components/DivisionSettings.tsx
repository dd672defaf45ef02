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
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type CompanyConsoleRow,
  FEATURE_FLAGS,
  type FeatureFlag,
  OFFBOARDING_OUTCOME_LABELS,
  OFFBOARDING_OUTCOMES,
  type OffboardingOutcome,
  type UpdateCompanyInput,
  UpdateCompanySchema,
  type WhiteLabel,
} from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ApiError, messageOf, refusedField } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { divisionOptions } from '../api/get-division.ts';
import { useUpdateDivision } from '../api/update-division.ts';
import { ArchivedBanner, ArchiveSection } from './ArchiveDivision.tsx';
import { BrandImageField } from './BrandImageField.tsx';
import { CustomDomainCard } from './CustomDomainCard.tsx';
import { DeleteSection } from './DeleteDivision.tsx';
import { DivisionPreview } from './DivisionPreview.tsx';
import { IntegrationCards } from './IntegrationCards.tsx';

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
  mailFromName: string;
  mailFromAddress: string;
  consentEnabled: boolean;
  /** The consent text as the operator types it (plain text: blank lines part paragraphs). */
  consentText: string;
  offboardingOutcome: OffboardingOutcome;
  /** Months a contact is kept; '' keeps them. */
  contactRetentionMonths: number | '';
  exchangeFollowUp: boolean;
};

type Faq = NonNullable<WhiteLabel['faq']>;

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
  mailFromName: c.mailFromName ?? '',
  mailFromAddress: c.mailFromAddress ?? '',
  consentEnabled: c.consent.enable,
  consentText: plainOf(c.consent.text),
  offboardingOutcome: c.offboardingOutcome,
  contactRetentionMonths: c.contactRetentionMonths ?? '',
  exchangeFollowUp: c.exchangeFollowUp,
});

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The stored consent (rich text, kept sanitised by the server) as the text box shows it: paragraphs apart by a blank line. */
function plainOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .trim();
}

/** The typed consent as rich text: a paragraph per blank-line-separated block, line breaks kept, nothing read as markup. */
function htmlOf(plain: string): string {
  const inert = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return plain
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${inert(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);
/** The white-label without empty fields (an emptied field means "the product's"). */
const cleanWhiteLabel = (wl: WhiteLabel): WhiteLabel =>
  Object.fromEntries(
    Object.entries(wl).filter(([k, v]) => k !== 'updatedAt' && v !== '' && v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0)),
  ) as WhiteLabel;

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
  if (f.mailFromName !== was.mailFromName) out.mailFromName = orNull(f.mailFromName);
  if (f.offboardingOutcome !== was.offboardingOutcome) out.offboardingOutcome = f.offboardingOutcome;
  if (f.contactRetentionMonths !== was.contactRetentionMonths) out.contactRetentionMonths = f.contactRetentionMonths === '' ? null : f.contactRetentionMonths;
  if (f.exchangeFollowUp !== was.exchangeFollowUp) out.exchangeFollowUp = f.exchangeFollowUp;
  if (f.mailFromAddress !== was.mailFromAddress) out.mailFromAddress = orNull(f.mailFromAddress);
  // Sent as a pair: the server checks that consent which is on has a text.
  if (f.consentEnabled !== was.consentEnabled || htmlOf(f.consentText) !== htmlOf(was.consentText)) {
    out.consent = { enable: f.consentEnabled, text: htmlOf(f.consentText) };
  }
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
  const phone = usePhone();
  const patch = changes(loaded, form);
  const dirty = Object.keys(patch).length > 1;

  useEffect(() => setForm(formOf(loaded)), [loaded]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setWl = <K extends keyof WhiteLabel>(key: K, value: WhiteLabel[K]) => setForm((f) => ({ ...f, whiteLabel: { ...f.whiteLabel, [key]: value } }));
  const err = (path: string) => errors[path];
  /** A consent change: its message was about the text as it was, so it goes as soon as either part changes. */
  const setConsent = <K extends 'consentEnabled' | 'consentText'>(key: K, value: Form[K]) => {
    set(key, value);
    setErrors(({ 'consent.text': _gone, ...rest }) => rest);
  };

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
          const field = refusedField(e);
          if (field) setErrors({ [field]: messageOf(e) });
          else if (e instanceof ApiError && e.status === 409) setStale(true);
          else toastError(e);
        },
      },
    );
  };

  const wl = form.whiteLabel;
  const faq: Faq = wl.faq ?? [];
  const setFaq = (next: Faq) => setWl('faq', next);
  const masterId = loaded.masterProfiles[0]?.id;
  const image = (key: 'logo' | 'light_logo' | 'icon' | 'light_icon' | 'profile_placeholder_image') => ({
    value: wl[key] ?? '',
    onChange: (url: string) => setWl(key, url),
    error: err(`whiteLabel.${key}`),
    profileId: masterId,
  });

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
        <Grid.Col span={{ base: 12, lg: 7 }}>
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
            <IntegrationCards id={loaded.id} />
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
                <SegmentedControl
                  fullWidth
                  // Two long labels side by side overflow a phone: one above the other there.
                  orientation={phone ? 'vertical' : 'horizontal'}
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
            <Section title="When someone leaves">
              <Select
                label="Their public page by default"
                description="What a deactivated person’s page does unless whoever deactivates them chooses otherwise."
                data={OFFBOARDING_OUTCOMES.map((o) => ({ value: o, label: OFFBOARDING_OUTCOME_LABELS[o].label }))}
                value={form.offboardingOutcome}
                onChange={(v) => v && set('offboardingOutcome', v as OffboardingOutcome)}
                allowDeselect={false}
                error={err('offboardingOutcome')}
              />
            </Section>
            <Section title="Contacts">
              <NumberInput
                label="Keep visitors' contacts for (months)"
                description="Contacts older than this are erased every night; empty keeps them."
                placeholder="Keep"
                min={1}
                max={120}
                allowDecimal={false}
                value={form.contactRetentionMonths}
                onChange={(v) => set('contactRetentionMonths', typeof v === 'number' ? v : '')}
                error={err('contactRetentionMonths')}
              />
              <Switch
                label="Send the owner's card to people who exchange details"
                description="A visitor who shares their details on a public page gets the page's vCard by mail, in the division's brand."
                checked={form.exchangeFollowUp}
                onChange={(e) => set('exchangeFollowUp', e.currentTarget.checked)}
                error={err('exchangeFollowUp')}
              />
            </Section>
            <Section title="Sender of its mails">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Sender name"
                  description="The From name of the division’s mails; empty for its brand’s title."
                  value={form.mailFromName}
                  onChange={(e) => set('mailFromName', e.currentTarget.value)}
                  error={err('mailFromName')}
                />
                <TextInput
                  label="Sender address"
                  type="email"
                  description="At the division’s verified domain or the hub’s mail domain; empty for the hub’s address."
                  value={form.mailFromAddress}
                  onChange={(e) => set('mailFromAddress', e.currentTarget.value)}
                  error={err('mailFromAddress')}
                />
              </SimpleGrid>
            </Section>
            <Section title="Publishing">
              <Switch
                label="Consent before publishing"
                description="People of this division agree to a text before they publish, in place of their template’s."
                checked={form.consentEnabled}
                onChange={(e) => setConsent('consentEnabled', e.currentTarget.checked)}
              />
              {form.consentEnabled ? (
                <Textarea
                  label="Consent text"
                  description="People publishing read this in the Disclaimer and click 'I Agree' to go on. Blank lines part paragraphs."
                  autosize
                  minRows={3}
                  maxRows={12}
                  value={form.consentText}
                  onChange={(e) => setConsent('consentText', e.currentTarget.value)}
                  error={err('consent.text')}
                />
              ) : null}
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
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <BrandImageField label="Logo (dark, for light backgrounds)" purpose="logo" accept="image/png,image/jpeg" {...image('logo')} />
                    <BrandImageField label="Logo (light)" purpose="logo" accept="image/png,image/jpeg" dark {...image('light_logo')} />
                    <BrandImageField label="Icon" purpose="general" accept="image/png,image/jpeg,image/webp" {...image('icon')} />
                    <BrandImageField label="Icon (light)" purpose="general" accept="image/png,image/jpeg,image/webp" dark {...image('light_icon')} />
                    <BrandImageField
                      label="Profile placeholder image"
                      purpose="profile-photo"
                      accept="image/png,image/jpeg,image/webp"
                      {...image('profile_placeholder_image')}
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
                  <FaqEditor faq={faq} onChange={setFaq} err={err} />
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  The division uses the product's name, logo and colours.
                </Text>
              )}
            </Section>
            <ArchiveSection division={loaded} />
            <DeleteSection division={loaded} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <div style={phone ? undefined : { position: 'sticky', top: 80 }}>
            <DivisionPreview
              id={loaded.id}
              input={{
                title: form.title.trim() || loaded.title,
                customSupportLink: orNull(form.customSupportLink),
                whiteLabel: form.whiteLabelled ? cleanWhiteLabel({ ...wl, title: wl.title || form.title || loaded.title }) : null,
              }}
            />
          </div>
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

/** The division's own FAQ (spec §3 settings): questions and answers in order; none for the product's FAQ. */
function FaqEditor({ faq, onChange, err }: { faq: Faq; onChange: (next: Faq) => void; err: (path: string) => string | undefined }) {
  const setItem = (i: number, key: 'question' | 'answer', value: string) => onChange(faq.map((q, j) => (j === i ? { ...q, [key]: value } : q)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        FAQ
      </Text>
      {faq.length === 0 ? (
        <Text size="xs" c="dimmed">
          No questions of its own: the hub shows the product’s FAQ.
        </Text>
      ) : null}
      {faq.map((q, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items have no id; their place is their identity while editing.
        <Paper key={i} withBorder radius="sm" p="sm">
          <Stack gap="xs">
            <TextInput
              label={`Question ${i + 1}`}
              value={q.question}
              onChange={(e) => setItem(i, 'question', e.currentTarget.value)}
              error={err(`whiteLabel.faq.${i}.question`)}
            />
            <Textarea
              label={`Answer ${i + 1}`}
              autosize
              minRows={2}
              value={q.answer}
              onChange={(e) => setItem(i, 'answer', e.currentTarget.value)}
              error={err(`whiteLabel.faq.${i}.answer`)}
            />
            <Group justify="flex-end">
              <Button size="xs" variant="subtle" color="red" onClick={() => onChange(faq.filter((_, j) => j !== i))}>
                Remove question {i + 1}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button size="xs" variant="light" onClick={() => onChange([...faq, { question: '', answer: '' }])} disabled={faq.length >= 30}>
          Add a question
        </Button>
      </Group>
    </Stack>
  );
}
