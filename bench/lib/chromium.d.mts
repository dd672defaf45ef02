/** Debian's Chromium; CHROMIUM_PATH overrides. */
export declare const CHROMIUM: string;
/** Headless, no sandbox, GPU or QUIC, and none of Chromium's own background traffic. */
export declare const CHROMIUM_FLAGS: readonly string[];
