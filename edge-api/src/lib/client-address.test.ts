import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

const headers = (values: Record<string, string>) => new Headers(values);

describe('clientAddress', () => {
  it('believes no header when none is configured, CF-Connecting-IP included', () => {
    expect(
      clientAddress(headers({ 'CF-Connecting-IP': '203.0.113.9', 'X-Real-IP': '203.0.113.9' }), ''),
    ).toBeNull();
  });

  it('reads only the configured header', () => {
    const sent = headers({ 'CF-Connecting-IP': '198.51.100.1', 'X-Real-IP': '203.0.113.9' });
    expect(clientAddress(sent, 'X-Real-IP')).toBe('203.0.113.9');
    expect(clientAddress(sent, 'CF-Connecting-IP')).toBe('198.51.100.1');
    expect(clientAddress(headers({}), 'CF-Connecting-IP')).toBeNull();
  });

  it('takes one address only: not a list, not an overlong value; IPv6 in one spelling', () => {
    expect(clientAddress(headers({ 'X-Real-IP': '203.0.113.9, 10.0.0.1' }), 'X-Real-IP')).toBeNull();
    expect(clientAddress(headers({ 'X-Real-IP': 'x'.repeat(65) }), 'X-Real-IP')).toBeNull();
    expect(clientAddress(headers({ 'X-Real-IP': '2001:DB8::1' }), 'X-Real-IP')).toBe('2001:db8::1');
  });
});
