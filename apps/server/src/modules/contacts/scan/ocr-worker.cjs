'use strict';
/**
 * The entry of a card-scan OCR worker thread (tesseract.js's own Node worker script behind a
 * guard): the worker may not reach the network. tesseract.js would fetch its language data
 * from a CDN when langPath is not a local directory; here any fetch or outgoing socket
 * throws instead, so a misconfiguration fails the scan loudly rather than calling out.
 */
const net = require('node:net');

const refuse = () => {
  throw new Error('Card scanning works offline: the OCR worker may not use the network.');
};
globalThis.fetch = refuse;
net.Socket.prototype.connect = refuse;

require('tesseract.js/src/worker-script/node/index.js');
