import type { WhiteLabel } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import { accountWhiteLabel, divisionWhiteLabel } from './mail.queries.ts';
import { LOGO_SRC, type Mail, type MailAttachment } from './mailer.ts';

/** Who a mail speaks for: the product, or the white-labelled division of the account it goes to. */
export type Brand = {
  title: string;
  /** Origin of the hub the recipient uses (links in the mail point there). */
  hubUrl: string;
  /** The logo: its path on the hub (or URL), which the mailer rasterises, and its absolute URL. */
  logo: { source: string; url: string } | null;
  color: string;
  /**
   * The From of its mails: the division's name, at MAIL_FROM's address until a division
   * has an address of its own (`address`). Null: MAIL_FROM as it is (the product).
   */
  sender: { name: string; address: string | null; verifiedDomain?: string | null } | null;
};

/** A division's row as its mails read it (mail.queries.ts SENDER_COLUMNS). */
export type DivisionSender = {
  whiteLabel: WhiteLabel | null;
  hubDomain: string | null;
  mailFromName: string | null;
  mailFromAddress: string | null;
  customDomain: string | null;
};

/** The product's own colour (spec §9 default colour 17,75,138). */
const PRODUCT_COLOR = '#114b8a';
const HEX = /^#[0-9a-f]{3,8}$/i;

export function productBrand(publicUrl: string): Brand {
  return { title: 'Profilehub', hubUrl: new URL(publicUrl).origin, logo: null, color: PRODUCT_COLOR, sender: null };
}

/** A division's brand: its title, logo and colour, and its own hub host (same scheme and port as the product's hub). */
export function divisionBrand(whiteLabel: WhiteLabel, hubDomain: string | null, publicUrl: string): Brand {
  const product = new URL(publicUrl);
  const host = hubDomain ?? whiteLabel.domain ?? null;
  const hubUrl = host ? `${product.protocol}//${host}${product.port ? `:${product.port}` : ''}` : product.origin;
  const logo = whiteLabel.logo ?? null;
  return {
    title: whiteLabel.title,
    hubUrl,
    logo: logo ? { source: logo, url: new URL(logo, `${hubUrl}/`).toString() } : null,
    color: whiteLabel.brand_color && HEX.test(whiteLabel.brand_color) ? whiteLabel.brand_color : PRODUCT_COLOR,
    sender: { name: whiteLabel.title, address: null },
  };
}

/**
 * A division's mails: its brand (white-label, else the product's), From the sender the
 * console set for it — its name, and its own address when it has one in an allowed domain
 * (the mailer checks that against `verifiedDomain` and MAIL_FROM, see `senderDomains`).
 */
export function brandOfRow(row: DivisionSender | undefined, publicUrl: string): Brand {
  const brand = row?.whiteLabel ? divisionBrand(row.whiteLabel, row.hubDomain, publicUrl) : productBrand(publicUrl);
  if (!row || (!row.mailFromName && !row.mailFromAddress)) return brand;
  return {
    ...brand,
    sender: { name: row.mailFromName ?? brand.sender?.name ?? brand.title, address: row.mailFromAddress, verifiedDomain: row.customDomain },
  };
}

/**
 * The brand of the account behind an email: its first division (in the order the hub lists
 * them) — white-labelled or with a sender of its own — else the product. An unknown email gets the product.
 */
export async function brandOfAccount(db: Db, email: string, publicUrl: string): Promise<Brand> {
  return brandOfRow(await accountWhiteLabel(db, email), publicUrl);
}

/** The brand of a division by id (mails about a division's profiles). */
export async function brandOfDivision(db: Db, companyId: number, publicUrl: string): Promise<Brand> {
  return brandOfRow(await divisionWhiteLabel(db, companyId), publicUrl);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Settings → Manage notifications on the brand's hub: where a person turns these mails off. */
const notificationSettingsUrl = (brand: Brand) => `${brand.hubUrl}/home#manage-notifications`;

/**
 * A mail in the brand's name: From its title, `{title}` in its subject and signature, its
 * logo and colour in the HTML part, and an optional button to a link on the brand's own
 * hub. The text part says the same for mail clients that show no HTML. Everything is
 * escaped. A `notification` (a mail the reader chose to get) says where to turn it off,
 * and carries List-Unsubscribe and Auto-Submitted; codes and reset links are not ones.
 */
export function brandedMail(
  brand: Brand,
  m: {
    to: string;
    subject: string;
    lines: string[];
    action?: { label: string; url: string };
    cc?: string;
    replyTo?: string;
    notification?: boolean;
    attachments?: MailAttachment[];
  },
): Mail {
  const settings = m.notification ? notificationSettingsUrl(brand) : null;
  const footer = settings ? `You get this email because of your email choices; change them in Settings → Manage notifications: ${settings}` : null;
  const text = [...m.lines, ...(m.action ? ['', `${m.action.label}: ${m.action.url}`] : []), '', `— ${brand.title}`, ...(footer ? ['', footer] : [])].join(
    '\n',
  );
  const paragraphs = m.lines
    .join('\n')
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');
  const logo = brand.logo ? `<img src="${LOGO_SRC}" alt="${escapeHtml(brand.title)}" height="40" style="display:block;height:40px;margin:0 0 24px">` : '';
  const button = m.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(m.action.url)}" style="background:${brand.color};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(m.action.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f5f7;font:15px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#1b1f24"><div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff;border-top:4px solid ${brand.color}">${logo}${paragraphs}${button}<p style="margin:32px 0 0;color:#57606a">${escapeHtml(brand.title)}</p>${
    settings
      ? `<p style="margin:16px 0 0;font-size:13px;color:#57606a">You get this email because of your email choices; change them in <a href="${escapeHtml(settings)}" style="color:#57606a">Settings → Manage notifications</a>.</p>`
      : ''
  }</div></body></html>`;
  return {
    to: m.to,
    subject: m.subject,
    text,
    html,
    ...(m.cc ? { cc: m.cc } : {}),
    ...(m.replyTo ? { replyTo: m.replyTo } : {}),
    ...(brand.sender ? { sender: brand.sender } : {}),
    ...(brand.logo ? { logo: brand.logo } : {}),
    ...(settings ? { unsubscribeUrl: settings } : {}),
    ...(m.attachments?.length ? { attachments: m.attachments } : {}),
  };
}
