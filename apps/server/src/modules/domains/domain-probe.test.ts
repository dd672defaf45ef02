import { describe, expect, it } from 'vitest';
import { isPrivateAddress, resolveVia } from './domain-probe.ts';

describe('the domain verifier’s address guard', () => {
  it('calls loopback, private, link-local, mapped and unspecified addresses private, public ones not', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700::1111', '::ffff:93.184.216.34']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('DOMAIN_VERIFY_VIA', () => {
  it('sends every domain to the one host:port it names', async () => {
    const resolve = resolveVia('127.0.0.1:8080');
    expect(await resolve('cards.initech.test')).toEqual([{ address: '127.0.0.1', port: 8080 }]);
    expect(await resolve('other.example')).toEqual([{ address: '127.0.0.1', port: 8080 }]);
  });
});
