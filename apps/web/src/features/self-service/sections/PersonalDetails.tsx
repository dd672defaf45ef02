import { Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  ADDRESS_PART_LABELS,
  type AddressPart,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  formatAddress,
  isMapsUrl,
  JOB_TITLE_MAX,
  PROFILE_MESSAGES,
} from '@profilehub/shared';
import { IconTrash } from '../components/editor-icons.tsx';
import { FieldLabel, Hint, NumberField, newKey, PartPermissions, PermissionToggles, RemovedNote, TextField, useRemoval } from '../components/fields.tsx';
import { CROPS, ImageUpload } from '../components/ImageUpload.tsx';
import { useEditor, useField, useFieldAccess, useIsDesktop, useProblem } from '../hooks/editor-context.tsx';

/** Spec §2 Personal details: photo with crop, names per template, sizes, job title, contacts (desktop) or cover images. */
export function PersonalDetails() {
  const desktop = useIsDesktop();
  const { view } = useEditor();
  const [jobTitle] = useField('jobTitle');
  const jobTitleTooLong = (jobTitle?.length ?? 0) > JOB_TITLE_MAX ? PROFILE_MESSAGES.jobTitleTooLong : undefined;
  return (
    <Stack gap="md">
      <ProfilePhoto />
      {desktop ? (
        <TextField field="fullName" label="Full name" requiredForPublish />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField field="firstName" label="First name" requiredForPublish />
          <TextField field="lastName" label="Last name" requiredForPublish />
        </SimpleGrid>
      )}
      <NumberField field="titleSize" label="Title font size" min={FONT_SIZE_MIN} max={FONT_SIZE_MAX} suffix=" px" />
      <TextField
        field="jobTitle"
        label="Job title / subheading"
        requiredForPublish
        maxLength={JOB_TITLE_MAX + 20}
        description={jobTitleTooLong ? undefined : `Up to ${JOB_TITLE_MAX} characters`}
      />
      <NumberField field="subtitleSize" label="Subtitle font size" min={FONT_SIZE_MIN} max={FONT_SIZE_MAX} suffix=" px" />
      {desktop ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField field="mainContactNumber" label="Main contact number" type="tel" requiredForPublish />
            <TextField field="whatsappNumber" label="WhatsApp number" type="tel" requiredForPublish />
            <TextField field="officeNumber" label="Office number" type="tel" requiredForPublish />
            <TextField field="emailAddress" label="Email address" type="email" requiredForPublish />
          </SimpleGrid>
          <OfficeAddress />
        </>
      ) : (
        <>
          <CoverImages />
          <Anchor href={requestEditsHref(view.company.editRequestsTo, view.profile.id)} size="sm">
            Request edits
          </Anchor>
        </>
      )}
    </Stack>
  );
}

/** A mail to the division's supervisors asking for edits the person may not make themselves. */
export function requestEditsHref(to: string[], profileId: number): string {
  const recipients = to.map((email) => encodeURIComponent(email)).join(',');
  return `mailto:${recipients}?subject=${encodeURIComponent(`Edit request for profile ${profileId}`)}`;
}

function ProfilePhoto() {
  const [photo, setPhoto] = useField('profilePhoto');
  const access = useFieldAccess('profilePhoto', { requiredForPublish: true });
  if (access.hidden) return null;
  return (
    <Group {...access.anchor} align="flex-start" wrap="nowrap">
      <ImageUpload
        label={<FieldLabel label="Profile picture" access={access} />}
        name="profile picture"
        value={photo}
        onChange={setPhoto}
        purpose="profile-photo"
        crop={CROPS.profilePhoto}
        disabled={access.locked}
        required={access.required}
      />
      <PermissionToggles permissionKey="profilePhoto" label="Profile picture" />
    </Group>
  );
}

/** Placeholders of the address parts: a South African address, as the spec's address suggestions are (spec §5). */
const ADDRESS_PLACEHOLDERS: Record<AddressPart, string> = {
  street: '1 Long Street',
  city: 'Cape Town',
  region: 'Western Cape',
  postcode: '8001',
  country: 'South Africa',
};

/**
 * Spec §3 navigateToOffice: the address in parts (decision 018), so a contact card files
 * street, city, postcode and country apart, and a maps link (spec §5 known maps hosts).
 * A child that empties an address its template has takes it off the page, where allowed.
 */
function OfficeAddress() {
  const [address, setAddress] = useField('navigateToOffice');
  const access = useFieldAccess('navigateToOffice');
  const problem = useProblem('navigateToOffice.url');
  const removal = useRemoval('navigateToOffice');
  const { view, permissionsMode } = useEditor();
  if (access.hidden) return null;
  const url = address?.url ?? '';
  const error = problem ?? (url && !isMapsUrl(url) ? PROFILE_MESSAGES.mapsLink : undefined);
  const templateAddress = view.master?.textValues?.navigateToOffice;
  const empty = !formatAddress(address) && !url.trim();
  const change = (member: AddressPart | 'url', value: string) => {
    const next = { ...address, [member]: value };
    setAddress(next);
    removal.set(!formatAddress(next) && !next.url?.trim());
  };
  const part = (name: AddressPart) => (
    <TextInput
      label={ADDRESS_PART_LABELS[name]}
      placeholder={ADDRESS_PLACEHOLDERS[name]}
      autoComplete={ADDRESS_AUTOCOMPLETE[name]}
      value={address?.[name] ?? ''}
      disabled={access.locked}
      onChange={(e) => change(name, e.currentTarget.value)}
    />
  );
  return (
    <Stack gap="xs" {...access.anchor} role="group" aria-label="Navigate to office">
      {permissionsMode ? (
        <PartPermissions permissionKey="navigateToOffice" label="Navigate to office" />
      ) : (
        <Text size="sm" fw={600}>
          <FieldLabel label="Navigate to office" access={access} />
        </Text>
      )}
      {removal.removed && templateAddress ? (
        <Hint>
          <RemovedNote what="address" onRestore={() => removal.set(false)} />
        </Hint>
      ) : empty && templateAddress ? (
        <Hint>Left empty, your page shows the template’s address: {templateAddress}</Hint>
      ) : null}
      {part('street')}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {part('city')}
        {part('region')}
        {part('postcode')}
        {part('country')}
      </SimpleGrid>
      <TextInput
        label="Map link"
        description="Optional: without one, Directions searches the map for the address."
        placeholder="https://maps.app.goo.gl/…"
        value={url}
        disabled={access.locked}
        error={error}
        onChange={(e) => change('url', e.currentTarget.value)}
      />
    </Stack>
  );
}

/** What the browser may fill each part with (HTML autofill tokens). */
const ADDRESS_AUTOCOMPLETE: Record<AddressPart, string> = {
  street: 'street-address',
  city: 'address-level2',
  region: 'address-level1',
  postcode: 'postal-code',
  country: 'country-name',
};

/** Non-desktop templates: the cover images slider (spec §3 banners[].slider, at most 5). */
function CoverImages() {
  const [banners, setBanners] = useField('banners');
  const access = useFieldAccess('banners', { requiredForPublish: true });
  if (access.hidden) return null;
  const banner = banners?.[0] ?? { id: newKey('cover'), type: 'image' as const, slider: [] };
  const slides = banner.slider ?? [];
  const setSlides = (next: typeof slides) => setBanners([{ ...banner, slider: next }, ...(banners ?? []).slice(1)]);
  return (
    <Stack gap="xs" {...access.anchor}>
      <FieldLabel label="Cover images" access={access} />
      <PartPermissions permissionKey="banners" label="Cover images" />
      {slides.map((slide, i) => (
        <Group key={slide.id ?? i} wrap="nowrap" align="flex-end">
          <ImageUpload
            label={`Cover image ${i + 1}`}
            name={`cover image ${i + 1}`}
            value={slide}
            purpose="mobile-banner"
            crop={CROPS.mobileBanner}
            disabled={access.locked}
            onChange={(v) => setSlides(slides.map((s, j) => (j === i ? { ...s, url: v?.url, id: v?.id } : s)))}
          />
          {!access.locked ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              aria-label={`Remove cover image ${i + 1}`}
              onClick={() => setSlides(slides.filter((_, j) => j !== i))}
            >
              <IconTrash size={14} />
            </Button>
          ) : null}
        </Group>
      ))}
      {!access.locked && slides.length < 5 ? (
        <Button variant="light" size="xs" w="fit-content" onClick={() => setSlides([...slides, { id: newKey('slide') }])}>
          Add cover image
        </Button>
      ) : null}
      <Hint>Up to 5 images, shown as a slider.</Hint>
    </Stack>
  );
}
