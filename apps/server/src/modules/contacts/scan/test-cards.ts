/**
 * Twenty business cards and badges from known data, as HTML for Chromium to render (the card-scan
 * accuracy test and the benchmark): six layouts, five fonts, one turned a few degrees, one
 * turned a quarter, one printed grey on grey. Phone numbers are real-format (libphonenumber-js
 * accepts them) but of fictional ranges where a country has one.
 */
import type { CountryCode } from 'libphonenumber-js';

export type TestCard = {
  id: string;
  layout: 'classic' | 'centered' | 'columns' | 'badge' | 'dark' | 'logo-first';
  font: string;
  /** Degrees the card is turned on the photo. */
  rotate?: number;
  lowContrast?: boolean;
  /** The country a number without its +code is read in. */
  country?: CountryCode;
  name: string;
  title: string;
  company: string;
  /** As printed; `phoneE164` is what must be read. */
  phone?: string;
  phoneE164?: string;
  email?: string;
  /** As printed (no scheme); read back as https://… */
  link?: string;
  /** Other text on the card the parser must not take for a field. */
  extra?: string;
};

const SANS = "'DejaVu Sans'";
const SERIF = "'DejaVu Serif'";
const LSANS = "'Liberation Sans'";
const LSERIF = "'Liberation Serif'";
const NARROW = "'Liberation Sans Narrow'";

export const TEST_CARDS: TestCard[] = [
  {
    id: '01-classic-sans',
    layout: 'classic',
    font: SANS,
    name: "Margaret O'Neill",
    title: 'Head of Procurement',
    company: 'Northwind Traders Ltd',
    phone: '+44 20 7946 0958',
    phoneE164: '+442079460958',
    email: 'margaret.oneill@northwind.co.uk',
    link: 'www.northwind.co.uk',
  },
  {
    id: '02-centered-serif',
    layout: 'centered',
    font: SERIF,
    country: 'US',
    name: 'Daniel Kowalski',
    title: 'Senior Software Engineer',
    company: 'Brightpath Labs',
    phone: '(415) 555-0132',
    phoneE164: '+14155550132',
    email: 'dan@brightpathlabs.com',
    link: 'brightpathlabs.com',
  },
  {
    id: '03-columns-lsans',
    layout: 'columns',
    font: LSANS,
    name: 'Sofia Marquez',
    title: 'Marketing Director',
    company: 'Solara Energy GmbH',
    phone: '+49 30 901820',
    phoneE164: '+4930901820',
    email: 's.marquez@solara-energy.de',
    link: 'www.solara-energy.de',
  },
  {
    id: '04-badge-sans',
    layout: 'badge',
    font: SANS,
    name: 'Priya Raman',
    title: 'Product Manager',
    company: 'Kestrel Analytics',
    extra: 'DATA SUMMIT 2025',
  },
  {
    id: '05-dark-lserif',
    layout: 'dark',
    font: LSERIF,
    name: 'Thomas Whitfield',
    title: 'Chief Financial Officer',
    company: 'Harbourview Capital',
    phone: '+1 212 555 0187',
    phoneE164: '+12125550187',
    email: 'twhitfield@harbourviewcapital.com',
    link: 'harbourviewcapital.com',
  },
  {
    id: '06-logo-first-narrow',
    layout: 'logo-first',
    font: NARROW,
    name: 'Anna Lindqvist',
    title: 'UX Designer',
    company: 'Fjord Studio AB',
    phone: '+46 8 123 456 78',
    phoneE164: '+46812345678',
    email: 'anna@fjordstudio.se',
    link: 'fjordstudio.se',
  },
  {
    id: '07-classic-serif',
    layout: 'classic',
    font: SERIF,
    country: 'GB',
    name: 'James Okafor',
    title: 'Operations Manager',
    company: 'Meridian Logistics Ltd',
    phone: '0161 496 0734',
    phoneE164: '+441614960734',
    email: 'j.okafor@meridianlogistics.co.uk',
    link: 'meridianlogistics.co.uk',
  },
  {
    id: '08-centered-lsans',
    layout: 'centered',
    font: LSANS,
    name: 'Claire Dubois',
    title: 'Legal Counsel',
    company: 'Vernier & Associates',
    phone: '+33 1 42 68 53 00',
    phoneE164: '+33142685300',
    email: 'claire.dubois@vernier-associates.fr',
    link: 'www.vernier-associates.fr',
  },
  {
    id: '09-columns-serif',
    layout: 'columns',
    font: SERIF,
    country: 'US',
    name: 'Michael Chen',
    title: 'Vice President of Sales',
    company: 'Acme Robotics Inc.',
    phone: '(650) 555-0199',
    phoneE164: '+16505550199',
    email: 'mchen@acmerobotics.com',
    link: 'acmerobotics.com',
  },
  {
    id: '10-badge-lserif',
    layout: 'badge',
    font: LSERIF,
    name: 'Lukas Becker',
    title: 'Research Scientist',
    company: 'Helix Biotech AG',
    extra: 'EUROPEAN LIFE SCIENCES FORUM',
  },
  {
    id: '11-dark-sans',
    layout: 'dark',
    font: SANS,
    name: 'Hannah Schmidt',
    title: 'Account Executive',
    company: 'Cloudberry Software',
    phone: '+49 89 2180 3456',
    phoneE164: '+498921803456',
    email: 'hannah.schmidt@cloudberry.io',
    link: 'cloudberry.io',
  },
  {
    id: '12-logo-first-lsans',
    layout: 'logo-first',
    font: LSANS,
    name: 'Rafael Costa',
    title: 'Founder and CEO',
    company: 'Tidewater Ventures',
    phone: '+351 21 234 5678',
    phoneE164: '+351212345678',
    email: 'rafael@tidewater.vc',
    link: 'tidewater.vc/team',
  },
  {
    id: '13-classic-narrow',
    layout: 'classic',
    font: NARROW,
    name: 'Emily Carter',
    title: 'Customer Success Lead',
    company: 'Parcelly Group',
    phone: '+61 2 9374 4000',
    phoneE164: '+61293744000',
    email: 'emily.carter@parcelly.com.au',
    link: 'parcelly.com.au',
  },
  {
    id: '14-centered-sans',
    layout: 'centered',
    font: SANS,
    name: 'Noah Fischer',
    title: 'Data Analyst',
    company: 'Quantum Metrics Ltd',
    phone: '+41 44 668 18 00',
    phoneE164: '+41446681800',
    email: 'noah.fischer@quantummetrics.ch',
    link: 'quantummetrics.ch',
  },
  {
    id: '15-columns-lserif',
    layout: 'columns',
    font: LSERIF,
    name: 'Isabella Rossi',
    title: 'Art Director',
    company: 'Studio Fontana Srl',
    phone: '+39 02 8901 2345',
    phoneE164: '+390289012345',
    email: 'isabella@studiofontana.it',
    link: 'www.studiofontana.it',
  },
  {
    id: '16-badge-narrow',
    layout: 'badge',
    font: NARROW,
    name: 'Kenji Watanabe',
    title: 'Solutions Architect',
    company: 'Nimbus Systems',
    extra: 'CLOUD EXPO',
  },
  {
    id: '17-rotated-4deg',
    layout: 'classic',
    font: SANS,
    rotate: 4,
    name: 'Olivia Bennett',
    title: 'Talent Acquisition Manager',
    company: 'Greenleaf Partners',
    phone: '+44 113 496 0452',
    phoneE164: '+441134960452',
    email: 'olivia.bennett@greenleafpartners.com',
    link: 'greenleafpartners.com',
  },
  {
    id: '18-rotated-90deg',
    layout: 'centered',
    font: LSANS,
    rotate: 90,
    name: 'Samuel Adeyemi',
    title: 'Project Coordinator',
    company: 'Lagoon Engineering Ltd',
    phone: '+234 803 123 4567',
    phoneE164: '+2348031234567',
    email: 'samuel@lagoonengineering.com',
    link: 'lagoonengineering.com',
  },
  {
    id: '19-low-contrast',
    layout: 'classic',
    font: SERIF,
    lowContrast: true,
    name: 'Grace Thompson',
    title: 'Finance Manager',
    company: 'Oakridge Holdings',
    phone: '+1 312 555 0148',
    phoneE164: '+13125550148',
    email: 'grace.thompson@oakridgeholdings.com',
    link: 'oakridgeholdings.com',
  },
  {
    id: '20-logo-first-serif',
    layout: 'logo-first',
    font: SERIF,
    name: 'Victor Nguyen',
    title: 'Business Development Manager',
    company: 'Lotus Digital',
    phone: '+65 6123 4567',
    phoneE164: '+6561234567',
    email: 'victor.nguyen@lotusdigital.sg',
    link: 'lotusdigital.sg',
  },
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function body(c: TestCard): string {
  const n = esc(c.name);
  const t = esc(c.title);
  const co = esc(c.company);
  const contact = [c.phone && `Tel ${esc(c.phone)}`, c.email && esc(c.email), c.link && esc(c.link)].filter(Boolean);
  switch (c.layout) {
    case 'classic':
      return `<div class="pad"><div class="name">${n}</div><div class="title">${t}</div><div class="co">${co}</div>
        <div class="contact" style="margin-top:48px">${contact.join('<br>')}</div></div>`;
    case 'centered':
      return `<div class="pad" style="text-align:center"><div class="co" style="letter-spacing:1px">${co}</div>
        <div class="name" style="margin-top:36px">${n}</div><div class="title">${t}</div>
        <div class="contact" style="margin-top:40px">${contact.join(' &nbsp;·&nbsp; ').replace(/ &nbsp;·&nbsp; (?=[^·]*$)/, '<br>')}</div></div>`;
    case 'columns':
      return `<div class="pad" style="display:flex;gap:40px;height:100%;box-sizing:border-box">
        <div style="flex:1.1"><div class="name">${n}</div><div class="title">${t}</div><div class="co" style="margin-top:70px">${co}</div></div>
        <div class="contact" style="flex:1;border-left:3px solid #2b6cb0;padding-left:30px;padding-top:90px">
          ${[c.phone && `T ${esc(c.phone)}`, c.email && `E ${esc(c.email)}`, c.link && `W ${esc(c.link)}`].filter(Boolean).join('<br>')}</div></div>`;
    case 'badge':
      return `<div style="background:#1f4e79;color:#fff;padding:28px 40px;font-size:30px;font-weight:bold;letter-spacing:2px">${esc(c.extra ?? '')}</div>
        <div class="pad" style="text-align:center;padding-top:80px"><div class="name" style="font-size:64px">${n}</div>
        <div class="title" style="margin-top:24px">${t}</div><div class="co" style="margin-top:16px">${co}</div></div>
        <div style="position:absolute;bottom:0;left:0;right:0;background:#e8b517;padding:24px;text-align:center;font-size:28px;font-weight:bold">ATTENDEE</div>`;
    case 'dark':
      return `<div class="pad"><div class="co" style="color:#f6ad55">${co}</div><div class="name" style="margin-top:40px">${n}</div>
        <div class="title">${t}</div><div class="contact" style="margin-top:40px">${contact.join('<br>')}</div></div>`;
    case 'logo-first':
      return `<div class="pad"><div style="display:flex;align-items:center;gap:24px"><div style="width:70px;height:70px;border-radius:50%;background:#2f855a"></div>
        <div class="co" style="font-size:40px;font-weight:bold">${co}</div></div>
        <div class="name" style="margin-top:50px;font-size:40px">${n}</div><div class="title">${t}</div>
        <div class="contact" style="margin-top:30px">${contact.join('<br>')}</div></div>`;
  }
}

/** The card as a page; its element `#card` is what the photo shows. */
export function cardHtml(c: TestCard): string {
  const badge = c.layout === 'badge';
  const [w, h] = badge ? [700, 1000] : [1050, 600];
  const fg = c.lowContrast ? '#8c8c8c' : c.layout === 'dark' ? '#f7fafc' : '#1a202c';
  const bg = c.lowContrast ? '#cfcfcf' : c.layout === 'dark' ? '#1a202c' : '#ffffff';
  const turn = c.rotate ?? 0;
  const quarter = Math.abs(turn) === 90;
  const [pw, ph] = quarter ? [h + 120, w + 120] : [w + 120, h + 120];
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    html,body{margin:0;background:#b8b1a6}
    #photo{width:${pw}px;height:${ph}px;display:flex;align-items:center;justify-content:center}
    #card{position:relative;width:${w}px;height:${h}px;background:${bg};color:${fg};font-family:${c.font};transform:rotate(${turn}deg);box-shadow:0 4px 16px rgba(0,0,0,.3);overflow:hidden;flex:none}
    .pad{padding:50px 56px}
    .name{font-size:48px;font-weight:bold}
    .title{font-size:28px;margin-top:8px}
    .co{font-size:32px;margin-top:18px}
    .contact{font-size:24px;line-height:1.5}
  </style></head><body><div id="photo"><div id="card">${body(c)}</div></div></body></html>`;
}
