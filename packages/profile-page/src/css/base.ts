/**
 * The page's own stylesheet (inlined as critical CSS). Mobile first; from 600 px
 * the page becomes a centred card. Colours come from custom properties set by
 * {@link pageCss} from the theme, brand colour and cssVariables.
 */

/** Whitespace and comments out; our own CSS only (custom CSS goes through sanitizeCss). */
function minify(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

export const BASE_CSS = minify(`
:root{--ph-brand:#114b8a;--ph-on-brand:#fff;--ph-accent:var(--ph-brand);--ph-bg:#fff;--ph-bg-solid:#fff;--ph-text:#1b2230;
--ph-muted:color-mix(in srgb,var(--ph-text) 70%,var(--ph-bg-solid));--ph-name:var(--ph-text);--ph-subtitle:var(--ph-muted);
--ph-btn-bg:var(--ph-brand);--ph-btn-fg:var(--ph-on-brand);--ph-icon:var(--ph-btn-fg);--ph-cta-bg:var(--ph-brand);--ph-cta-fg:var(--ph-on-brand);
--ph-surface:color-mix(in srgb,var(--ph-text) 4%,var(--ph-bg-solid));--ph-line:color-mix(in srgb,var(--ph-text) 11%,var(--ph-bg-solid));
--ph-font:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;--ph-radius:16px;--ph-stroke:2;
--ph-page-img:radial-gradient(circle at 15% 0,color-mix(in srgb,var(--ph-brand) 30%,transparent),transparent 55%),radial-gradient(circle at 100% 100%,color-mix(in srgb,var(--ph-brand) 18%,transparent),transparent 50%)}
*,::before,::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;font:400 16px/1.5 var(--ph-font);color:var(--ph-text);background:#eceff4 var(--ph-page-img) center/cover no-repeat;-webkit-font-smoothing:antialiased}
.ph-page{position:relative;max-width:540px;min-height:100vh;margin:0 auto;padding-bottom:4px;background:var(--ph-bg);overflow:hidden}
@media (min-width:600px){body{padding:40px 20px;background-attachment:fixed}.ph-page{min-height:0;border-radius:28px;box-shadow:0 30px 80px -30px rgba(15,23,42,.45),0 2px 8px rgba(15,23,42,.08)}}
a{color:inherit}
img,video{max-width:100%}
h1,h2,h3{overflow-wrap:anywhere}
:focus-visible{outline:3px solid var(--ph-accent);outline-offset:2px}
[hidden]{display:none!important}
.ph-sr,.ph-l-d .ph-val{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.ph-i{flex:none;width:20px;height:20px;fill:none;stroke:currentColor;stroke-width:var(--ph-stroke);stroke-linecap:round;stroke-linejoin:round}
img.ph-i{object-fit:contain;border-radius:4px}
.ph-is-light{--ph-stroke:1.5}.ph-is-solid{--ph-stroke:2.5}.ph-is-duotone .ph-i{fill:currentColor;fill-opacity:.2}
.ph-sprite{position:absolute;width:0;height:0;overflow:hidden}

.ph-hero{position:relative;aspect-ratio:800/507;overflow:hidden;background:radial-gradient(circle at 88% 18%,rgba(255,255,255,.2) 0 70px,transparent 71px),radial-gradient(circle at 8% 100%,rgba(255,255,255,.12) 0 110px,transparent 111px),linear-gradient(135deg,var(--ph-brand),color-mix(in srgb,var(--ph-brand) 45%,#0b1020))}
.ph-hero::after{content:"";position:absolute;inset:55% 0 0;background:linear-gradient(transparent,rgba(0,0,0,.22));pointer-events:none}
.ph-slides{display:flex;height:100%;overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth;overscroll-behavior-x:contain;scrollbar-width:none}
.ph-slides::-webkit-scrollbar{display:none}
.ph-slide{flex:0 0 100%;height:100%;scroll-snap-align:start;scroll-snap-stop:always}
.ph-slide>img,.ph-slide>video,.ph-hero picture img,.ph-hero>video{display:block;width:100%;height:100%;object-fit:cover}
.ph-dots{position:absolute;right:16px;bottom:14px;z-index:2;display:flex;gap:6px}
.ph-dots i{width:7px;height:7px;border-radius:4px;background:rgba(255,255,255,.6);transition:width .25s}
.ph-dots i.on{width:20px;background:#fff}
.ph-logo{position:absolute;top:14px;left:14px;z-index:2;display:flex;padding:7px 12px;border-radius:12px;background:rgba(255,255,255,.94);box-shadow:0 4px 14px rgba(0,0,0,.14)}
.ph-logo img{display:block;width:auto;height:26px;max-width:150px;object-fit:contain}

.ph-id{position:relative;z-index:3;display:flex;flex-direction:column;align-items:center;margin-top:-68px;padding:0 24px;text-align:center}
.ph-photo{width:136px;height:136px;border:5px solid var(--ph-bg-solid);border-radius:50%;object-fit:cover;background:var(--ph-surface);box-shadow:0 12px 30px -12px rgba(15,23,42,.5)}
.ph-initials{display:grid;place-items:center;font-size:2.6rem;font-weight:700;color:var(--ph-on-brand);background:var(--ph-brand)}
.ph-name{margin:14px 0 0;font-size:var(--ph-title-size,1.75rem);font-weight:750;line-height:1.15;letter-spacing:-.02em;color:var(--ph-name)}
.ph-job{margin:6px 0 0;font-size:var(--ph-subtitle-size,1.0625rem);font-weight:500;line-height:1.35;color:var(--ph-subtitle)}
.ph-org{display:flex;align-items:center;gap:6px;margin:6px 0 0;font-size:.875rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--ph-muted)}
.ph-org .ph-i{width:16px;height:16px}

.ph-contacts ul{display:flex;justify-content:center;gap:4px;margin:0;padding:22px 10px 4px;list-style:none}
.ph-contacts li{flex:0 1 76px;min-width:0}
.ph-contact{display:flex;flex-direction:column;align-items:center;gap:7px;font-size:.75rem;font-weight:600;line-height:1.2;white-space:nowrap;text-decoration:none;color:var(--ph-text)}
.ph-ic{display:grid;flex:none;place-items:center;width:54px;height:54px;border-radius:50%;background:var(--bb,var(--ph-btn-bg));color:var(--bf,var(--ph-icon));box-shadow:0 8px 18px -10px color-mix(in srgb,var(--ph-brand) 90%,transparent);transition:transform .15s}
.ph-ic .ph-i{width:22px;height:22px}
.ph-contact:hover .ph-ic{transform:translateY(-2px)}
.ph-ct{display:flex;flex-direction:column;min-width:0}
.ph-l-m .ph-id{align-items:flex-start;margin-top:-56px;padding:0 20px;text-align:left}
.ph-l-m .ph-photo{width:112px;height:112px;border-radius:28px}
.ph-l-m .ph-contacts ul{flex-direction:column;align-items:stretch;gap:8px;padding:20px 16px 4px}
.ph-l-m .ph-contacts li{flex:none}
.ph-l-m .ph-contact{flex-direction:row;width:auto;gap:14px;padding:8px 14px 8px 8px;border-radius:18px;background:var(--ph-surface);font-size:.95rem;text-align:left}
.ph-l-m .ph-ic{width:44px;height:44px;border-radius:14px}
.ph-val{overflow:hidden;font-weight:400;color:var(--ph-muted);text-overflow:ellipsis;white-space:nowrap}
.ph-val-wrap{white-space:normal}

.ph-buttons{display:flex;flex-wrap:wrap;gap:10px;padding:20px 16px 4px}
.ph-buttons>*{flex:1 1 calc(50% - 5px);min-width:0}
.ph-btn{display:flex;align-items:center;justify-content:center;gap:10px;min-height:54px;padding:12px 16px;border:0;border-radius:var(--ph-radius);background:var(--bb,var(--ph-btn-bg));color:var(--bf,var(--ph-btn-fg));font:inherit;font-size:.98rem;font-weight:650;line-height:1.25;text-align:center;text-decoration:none;cursor:pointer;box-shadow:0 1px 2px rgba(15,23,42,.08),0 8px 18px -12px rgba(15,23,42,.45);transition:transform .15s,filter .15s}
.ph-btn:hover{filter:brightness(1.06);transform:translateY(-1px)}
.ph-btn .ph-i{color:var(--bf,var(--ph-icon))}
.ph-buttons>.ph-full,.ph-buttons>.ph-cta,.ph-buttons>.ph-save,.ph-buttons>.ph-xch,.ph-buttons>.ph-pop[open]{flex-basis:100%}
.ph-cta{min-height:58px;border-radius:999px;background:var(--ph-cta-bg);color:var(--ph-cta-fg);font-size:1.06rem;box-shadow:0 14px 28px -14px color-mix(in srgb,var(--ph-brand) 95%,transparent)}
.ph-cta .ph-i,.ph-save .ph-i,.ph-xch .ph-i{color:inherit}
.ph-save,.ph-xch{border-radius:999px;background:var(--ph-bg-solid);color:var(--ph-accent);box-shadow:inset 0 0 0 2px var(--ph-accent)}
.ph-pop{min-width:0}
.ph-pop>summary,.ph-sec>summary{list-style:none}
.ph-pop>summary::-webkit-details-marker,.ph-sec>summary::-webkit-details-marker{display:none}
.ph-pop>summary .ph-chev{width:16px;height:16px}
.ph-chev{transition:transform .2s}
details[open]>summary .ph-chev{transform:rotate(180deg)}
.ph-pop-body{margin-top:8px;padding:14px 16px;border:1px solid var(--ph-line);border-radius:var(--ph-radius);background:var(--ph-surface)}

.ph-social{display:flex;flex-wrap:wrap;justify-content:center;gap:10px;margin:0;padding:20px 16px 4px;list-style:none}
.ph-social a{display:grid;place-items:center;width:46px;height:46px;border:1px solid var(--ph-line);border-radius:50%;background:var(--ph-surface);color:var(--ph-accent);transition:background .15s,color .15s}
.ph-social a:hover{background:var(--ph-brand);color:var(--ph-on-brand)}

.ph-sections{display:grid;gap:12px;padding:20px 16px 4px}
.ph-sec{border:1px solid var(--ph-line);border-radius:20px;background:var(--ph-surface);overflow:hidden}
.ph-sec>summary{display:flex;align-items:center;gap:12px;min-height:62px;padding:12px 16px;cursor:pointer}
.ph-sec h2{flex:1;margin:0;font-size:1.08rem;font-weight:700;letter-spacing:-.01em}
.ph-sec-ic{display:grid;place-items:center;width:38px;height:38px;border-radius:12px;background:color-mix(in srgb,var(--ph-brand) 13%,var(--ph-bg-solid));color:var(--ph-accent)}
.ph-sec>summary .ph-chev{color:var(--ph-muted)}
.ph-sec-body{display:grid;gap:14px;padding:2px 16px 18px}
.ph-rich{overflow-wrap:anywhere}
.ph-rich>:first-child{margin-top:0}.ph-rich>:last-child{margin-bottom:0}
.ph-rich p,.ph-rich ul,.ph-rich ol,.ph-rich blockquote{margin:0 0 .75em}
.ph-rich a{color:var(--ph-accent);text-underline-offset:2px}
.ph-rich img{display:block;height:auto;border-radius:12px}
.ph-rich blockquote{padding-left:12px;border-left:3px solid var(--ph-line)}
.ph-rich h2,.ph-rich h3,.ph-rich h4{margin:1em 0 .4em;font-size:1.05rem;line-height:1.25}

.ph-gal{display:flex;gap:10px;margin:0 -16px;padding:0 16px 6px;overflow-x:auto;list-style:none;scroll-snap-type:x mandatory;scroll-padding:0 16px;scrollbar-width:thin}
.ph-gal>li{flex:0 0 84%;scroll-snap-align:start}
.ph-gal>li:only-child{flex-basis:100%}
.ph-gal figure{margin:0}
.ph-gal a{display:block;text-decoration:none}
.ph-gal img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:14px;background:var(--ph-line)}
.ph-gal figcaption{margin-top:7px;font-size:.92rem;font-weight:600}
.ph-vids{display:grid;gap:14px;margin:0;padding:0;list-style:none}
.ph-yt{position:relative;display:block;aspect-ratio:16/9;overflow:hidden;border-radius:14px;background:#0b0f17;color:#fff}
.ph-yt img,.ph-yt iframe{position:absolute;inset:0;width:100%;height:100%;border:0;object-fit:cover}
.ph-play{position:absolute;top:50%;left:50%;display:grid;place-items:center;width:68px;height:48px;border-radius:14px;background:rgba(15,15,15,.8);transform:translate(-50%,-50%);transition:background .15s}
.ph-yt:hover .ph-play{background:#e00}
.ph .ph-play .ph-i{width:26px;height:26px;fill:#fff;fill-opacity:1;stroke:#fff}
.ph-vid-t{margin:8px 0 0;font-size:.95rem;font-weight:600}

.ph-tms{display:grid;gap:12px;margin:0;padding:0;list-style:none}
.ph-tm{padding:16px;border:1px solid var(--ph-line);border-radius:16px;background:var(--ph-bg-solid)}
.ph-stars{display:flex;gap:2px;color:#f2a20c}
.ph-star{width:18px;height:18px;fill:currentColor;stroke:currentColor;stroke-width:1.5;stroke-linejoin:round}
.ph-star-h{fill:none}
.ph-star-e{fill:none;color:color-mix(in srgb,var(--ph-text) 28%,transparent)}
.ph-tm h3{margin:10px 0 4px;font-size:1rem}
.ph-tm blockquote{margin:0}
.ph-tm blockquote p{margin:0}
.ph-tm-by{margin:10px 0 0;font-size:.875rem;color:var(--ph-muted)}
.ph-tm-by b{color:var(--ph-text)}

.ph-card{margin:20px 16px 0;padding:20px 18px;border:1px solid var(--ph-line);border-radius:20px;background:var(--ph-surface)}
.ph-card h2{margin:0 0 4px;font-size:1.2rem;letter-spacing:-.01em}
.ph-card>p{margin:0 0 16px;font-size:.95rem;color:var(--ph-muted)}
.ph-form{display:grid;gap:12px}
.ph-field label{display:block;margin-bottom:5px;font-size:.875rem;font-weight:600}
.ph-field input,.ph-field textarea{display:block;width:100%;min-height:48px;padding:11px 14px;border:1px solid color-mix(in srgb,var(--ph-text) 35%,var(--ph-bg-solid));border-radius:12px;background:var(--ph-bg-solid);color:var(--ph-text);font:inherit}
.ph-field textarea{min-height:112px;resize:vertical}
.ph-field input:focus,.ph-field textarea:focus{border-color:var(--ph-accent);outline:none;box-shadow:0 0 0 3px color-mix(in srgb,var(--ph-brand) 28%,transparent)}
.ph-req{color:#b42318}
.ph-hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.ph-form .ph-btn{width:100%;margin-top:4px}
.ph-err{margin:0;font-weight:600;color:#b42318}
.ph-thanks{padding:14px 16px;border-radius:14px;background:color-mix(in srgb,#12b76a 14%,var(--ph-bg-solid))}
.ph-qr{display:flex;flex-direction:column;align-items:center;text-align:center}
.ph-qr h2{margin-bottom:14px}
.ph-qr img{width:184px;height:184px;padding:10px;border:1px solid var(--ph-line);border-radius:16px;background:#fff}
.ph-qr a{display:inline-flex;align-items:center;gap:6px;min-height:44px;margin-top:8px;font-weight:600;color:var(--ph-accent);text-decoration:none}
.ph-wallets{display:flex;flex-wrap:wrap;justify-content:center;gap:10px;padding:20px 16px 4px}
.ph-wallet{display:inline-flex;align-items:center;gap:8px;min-height:44px;padding:0 18px;border-radius:12px;background:#000;color:#fff;font-weight:600;text-decoration:none}
.ph-wallet .ph-i{color:inherit}

.ph-share{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:8px;padding:20px 16px 4px}
.ph-share button{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:6px;min-height:68px;padding:10px 6px;border:1px solid var(--ph-line);border-radius:16px;background:var(--ph-bg-solid);color:var(--ph-text);font:inherit;font-size:.8rem;font-weight:600;line-height:1.2;cursor:pointer}
.ph-share button:hover{border-color:var(--ph-accent)}
.ph-share .ph-i{color:var(--ph-accent)}
.ph-foot{padding:24px 22px 26px;font-size:.8rem;text-align:center;color:var(--ph-muted)}
.ph-disc{margin-bottom:14px}
.ph-made{display:flex;align-items:center;justify-content:center;gap:8px;margin:0;font-weight:600}
.ph-made img{width:auto;height:18px}
.ph-toast:empty{display:none}
.ph-toast{position:fixed;bottom:24px;left:50%;z-index:10;padding:10px 18px;border-radius:999px;background:#1b2230;color:#fff;font-size:.9rem;font-weight:600;transform:translateX(-50%);box-shadow:0 10px 30px -10px rgba(0,0,0,.5)}
@media (prefers-reduced-motion:reduce){*,::before,::after{transition:none!important;scroll-behavior:auto!important}}
`);
