import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { childOfTemplate, renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { QrCode } from './QrCode.tsx';

stubDocumentFonts();
// Mantine's combobox scrolls its selected option into view; jsdom has no scrollIntoView.
Element.prototype.scrollIntoView ??= () => {};

/**
 * jsdom draws no canvas, so the drawing library and the decoder are stood in for: the stand-in
 * records what it was asked to draw and download, and the decoder reads back what `qr.decoded` says.
 */
const qr = vi.hoisted(() => ({
  drawn: [] as { data: string; dotsOptions: { type: string; color: string } }[],
  downloads: [] as unknown[],
  /** What the decoder reads from the drawing: the address drawn unless set; null reads nothing. */
  decoded: undefined as string | null | undefined,
}));

vi.mock('qr-code-styling', () => ({
  default: class {
    constructor(options: (typeof qr.drawn)[number]) {
      qr.drawn.push(options);
    }
    update(options: (typeof qr.drawn)[number]) {
      qr.drawn.push(options);
    }
    append(box: HTMLElement) {
      box.append(document.createElement('canvas'));
    }
    download(options: unknown) {
      qr.downloads.push(options);
      return Promise.resolve();
    }
    getRawData() {
      return Promise.resolve(new Blob(['png'], { type: 'image/png' }));
    }
  },
}));
vi.mock('jsqr', () => ({ default: () => (qr.decoded === null ? null : { data: qr.decoded ?? qr.drawn.at(-1)?.data }) }));

beforeEach(() => {
  qr.drawn = [];
  qr.downloads = [];
  qr.decoded = undefined;
  vi.stubGlobal('createImageBitmap', async () => ({ close() {} }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage() {},
    getImageData: () => ({ data: new Uint8ClampedArray(4) }),
  } as unknown as CanvasRenderingContext2D);
});

const port = () => (window.location.port ? `:${window.location.port}` : '');
/** Jane's page in Acme, tagged so a scan counts as a QR view. */
const address = () => `${window.location.protocol}//acme.localhost${port()}/jane-doe?src=qr`;
const download = () => screen.getByRole('button', { name: 'Download QR code' });

describe('QR code panel (spec §2, §9)', () => {
  it('draws the page’s address tagged as a scan, shows it, and downloads the code as QRCode.png', async () => {
    renderEditorPart(<QrCode />, {});
    expect(await screen.findByText(address())).toBeInTheDocument();
    await waitFor(() => expect(qr.drawn.at(-1)?.data).toBe(address()));
    expect(await screen.findByLabelText('QR code of your profile')).toBeInTheDocument();
    await waitFor(() => expect(download()).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(download());
    expect(qr.downloads).toEqual([{ name: 'QRCode', extension: 'png' }]);
  });

  it('a new body shape is drawn and saved', async () => {
    const { store, saves } = renderEditorPart(<QrCode />, {});
    await waitFor(() => expect(qr.drawn).toHaveLength(1));
    await userEvent.click(screen.getByRole('combobox', { name: 'Body shape' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Extra rounded' }));
    await waitFor(() => expect(qr.drawn.at(-1)?.dotsOptions.type).toBe('extra-rounded'));
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({ qrCodeData: { dotType: 'extra-rounded' } });
  });

  it('colours too light to scan are drawn as chosen, with a warning', async () => {
    const light = { color: '#ffe680', css: '#ffe680', mode: 'solid' as const };
    renderEditorPart(<QrCode />, { qrCodeData: { colorOptions: { dots: light, cornerSquares: light, cornerDots: light } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('These colours are too light to scan reliably.');
    await waitFor(() => expect(qr.drawn.at(-1)?.dotsOptions.color).toBe('#ffe680'));
  });

  it('a code the decoder cannot read back says so and cannot be downloaded', async () => {
    qr.decoded = null;
    renderEditorPart(<QrCode />, { qrCodeData: { dotType: 'dots' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This QR code does not scan.');
    expect(download()).toBeDisabled();
    await userEvent.click(download());
    expect(qr.downloads).toEqual([]);
  });

  it('on a template’s child, a style the template locks cannot be changed, yet the code can be downloaded', async () => {
    renderEditorPart(<QrCode />, {}, childOfTemplate([{ key: 'qrCodeData', show: true, edit: false, optional: true, sortable: true }]));
    expect(screen.getByRole('combobox', { name: 'Body shape' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Body colour' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Eye frame colour' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Eye ball' })).toBeDisabled();
    await waitFor(() => expect(download()).toBeEnabled());
  });

  it('offers the wallets the install has, for a published card only', async () => {
    renderEditorPart(<QrCode />, {}, { profile: { publishedAt: '2026-01-02T00:00:00.000Z' }, company: { wallets: { apple: true, google: false } } });
    const page = `${window.location.protocol}//acme.localhost${port()}/jane-doe`;
    expect(screen.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute('href', `${page}/card.pkpass`);
    expect(screen.queryByRole('link', { name: 'Save to Google Wallet' })).not.toBeInTheDocument();
  });

  it('offers no wallet before the card is published', () => {
    renderEditorPart(<QrCode />, {}, { company: { wallets: { apple: true, google: true } } });
    expect(screen.queryByRole('link', { name: 'Add to Apple Wallet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Save to Google Wallet' })).not.toBeInTheDocument();
  });
});
