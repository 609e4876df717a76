import { describe, expect, it } from 'vitest';
import { firstLink } from './chat-link-preview.tsx';

describe('the link a chat message previews', () => {
  it('is the first http(s) link, without the punctuation that ends the sentence', () => {
    expect(firstLink('see https://example.org/a?b=1. and http://example.com')).toBe(
      'https://example.org/a?b=1',
    );
    expect(firstLink('(notes: http://example.com/x)')).toBe('http://example.com/x');
  });

  it('is none for text without a web link', () => {
    expect(firstLink('no link here')).toBeNull();
    expect(firstLink('ftp://example.org/file and javascript:alert(1)')).toBeNull();
    expect(firstLink('https://')).toBeNull();
  });
});
