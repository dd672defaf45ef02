/** Stand-in images for looking at the sample page offline (scripts only): SVG art served for every image the fixture names. */

const svg = (w: number, h: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

function qr(): string {
  const n = 25;
  let seed = 7;
  const rnd = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  let cells = '';
  const finder = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="7" height="7" rx="1.6" fill="#114b8a"/><rect x="${x + 1}" y="${y + 1}" width="5" height="5" rx="1.2" fill="#fff"/><rect x="${x + 2}" y="${y + 2}" width="3" height="3" rx="1.5" fill="#000"/>`;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const inFinder = (x < 8 && y < 8) || (x > n - 9 && y < 8) || (x < 8 && y > n - 9);
      if (!inFinder && rnd() > 0.52) cells += `<rect x="${x + 0.08}" y="${y + 0.08}" width=".84" height=".84" rx=".42" fill="#114b8a"/>`;
    }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 27 27" width="800" height="800"><rect x="-1" y="-1" width="27" height="27" fill="#fff"/>${cells}${finder(0, 0)}${finder(n - 7, 0)}${finder(0, n - 7)}</svg>`;
}

export const SAMPLE_ASSETS: Record<string, string> = {
  '/uploads/b1.jpg': svg(
    800,
    507,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3a6e"/><stop offset=".55" stop-color="#1665b0"/><stop offset="1" stop-color="#38a3c9"/></linearGradient><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>
    <rect width="800" height="507" fill="url(#g)"/>
    <circle cx="640" cy="110" r="150" fill="#fff" opacity=".08"/><circle cx="700" cy="60" r="60" fill="#fff" opacity=".1"/>
    <g fill="#0a2d55" opacity=".55"><rect x="40" y="250" width="70" height="257"/><rect x="120" y="200" width="90" height="307"/><rect x="220" y="290" width="60" height="217"/><rect x="290" y="170" width="80" height="337"/><rect x="380" y="240" width="110" height="267"/><rect x="500" y="190" width="70" height="317"/><rect x="580" y="270" width="90" height="237"/><rect x="680" y="220" width="80" height="287"/></g>
    <g fill="#ffd27a" opacity=".55"><rect x="140" y="230" width="8" height="10"/><rect x="160" y="260" width="8" height="10"/><rect x="310" y="200" width="8" height="10"/><rect x="330" y="240" width="8" height="10"/><rect x="410" y="270" width="8" height="10"/><rect x="520" y="220" width="8" height="10"/><rect x="700" y="250" width="8" height="10"/></g>
    <path d="M0 400 C200 340 380 460 800 360 L800 507 L0 507Z" fill="url(#w)"/>`,
  ),
  '/uploads/jane.webp': svg(
    272,
    272,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe9f5"/><stop offset="1" stop-color="#b8cde6"/></linearGradient></defs>
    <rect width="272" height="272" fill="url(#bg)"/>
    <path d="M136 52c-42 0-64 30-62 74 2 34 4 70-10 96h144c-14-26-12-62-10-96 2-44-20-74-62-74z" fill="#3b2a22"/>
    <path d="M56 272c4-48 36-74 80-74s76 26 80 74z" fill="#1f3b63"/><path d="M112 200l24 40 24-40z" fill="#fff"/>
    <rect x="120" y="160" width="32" height="42" rx="14" fill="#e7b99a"/>
    <ellipse cx="136" cy="126" rx="44" ry="52" fill="#f1c7a8"/>
    <path d="M92 118c6-40 30-54 52-52 26 2 42 22 42 52-16-14-40-20-56-34-8 16-22 28-38 34z" fill="#3b2a22"/>
    <circle cx="120" cy="128" r="4" fill="#2b2b2b"/><circle cx="152" cy="128" r="4" fill="#2b2b2b"/><path d="M124 154q12 9 24 0" stroke="#b5634b" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  ),
  'https://cdn.acme.test/logo.png': svg(
    140,
    32,
    `<rect x="0" y="4" width="24" height="24" rx="7" fill="#114b8a"/><path d="M6 22l6-12 6 12" stroke="#fff" stroke-width="3" fill="none" stroke-linejoin="round"/><text x="32" y="24" font-family="Liberation Sans, Arial, sans-serif" font-size="21" font-weight="700" fill="#0f2b4f" letter-spacing="1">ACME</text>`,
  ),
  '/uploads/n.png': svg(
    800,
    360,
    `<defs><linearGradient id="n" x1="0" x2="1"><stop offset="0" stop-color="#f6d365"/><stop offset="1" stop-color="#fda085"/></linearGradient></defs><rect width="800" height="360" fill="url(#n)"/><text x="48" y="150" font-family="Liberation Sans, Arial" font-size="54" font-weight="700" fill="#3b1f0e">New office opening</text><text x="48" y="210" font-family="Liberation Sans, Arial" font-size="30" fill="#5b3320">Cape Town · 1 March</text>`,
  ),
  '/uploads/g1.jpg': svg(
    800,
    600,
    `<rect width="800" height="600" fill="#e9edf2"/><rect y="380" width="800" height="220" fill="#c9d2dc"/><rect x="80" y="120" width="260" height="200" fill="#9fb7d3"/><rect x="420" y="90" width="300" height="240" fill="#7fa0c6"/><rect x="160" y="330" width="480" height="90" rx="14" fill="#2d4a6b"/><circle cx="640" cy="480" r="50" fill="#f2b441"/>`,
  ),
  '/uploads/g2.jpg': svg(
    800,
    600,
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#457b9d"/></linearGradient></defs><rect width="800" height="600" fill="url(#s)"/><g fill="#fff" opacity=".8"><circle cx="120" cy="100" r="6"/><circle cx="300" cy="180" r="4"/><circle cx="520" cy="90" r="7"/><circle cx="680" cy="220" r="5"/><circle cx="220" cy="320" r="5"/><circle cx="600" cy="380" r="6"/></g><text x="60" y="470" font-family="Liberation Sans, Arial" font-size="64" font-weight="700" fill="#fff">Winter special</text><text x="60" y="530" font-family="Liberation Sans, Arial" font-size="32" fill="#cfe3f2">20% off home cover</text>`,
  ),
  'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg': svg(
    480,
    360,
    `<defs><linearGradient id="y" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#232526"/><stop offset="1" stop-color="#414345"/></linearGradient></defs><rect width="480" height="360" fill="url(#y)"/><circle cx="360" cy="150" r="70" fill="#f1c7a8" opacity=".85"/><text x="36" y="250" font-family="Liberation Sans, Arial" font-size="34" font-weight="700" fill="#fff">Meet Jane</text>`,
  ),
  '/jane-doe/qr.png': qr(),
  '/uploads/background.jpg': svg(
    1600,
    1000,
    `<defs><linearGradient id="p" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dbe6f3"/><stop offset="1" stop-color="#eef2f7"/></linearGradient></defs><rect width="1600" height="1000" fill="url(#p)"/><circle cx="200" cy="150" r="300" fill="#114b8a" opacity=".08"/><circle cx="1450" cy="900" r="380" fill="#2a7fd4" opacity=".08"/>`,
  ),
};
