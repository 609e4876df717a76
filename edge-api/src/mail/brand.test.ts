import { describe, expect, it } from 'vitest';
import { emailBrand, emailLogoUrl, uploadedLogoKey } from './brand.ts';

const PUBLIC = 'https://demo.community.example';
const FILE = '0b9f3c4e-8a1d-4c2b-9e5f-6a7b8c9d0e1f.png';
const KEY = `community/${FILE}`;

describe('the community as its emails show it', () => {
  it('shows no logo unless images in emails are on', () => {
    const community = { communityName: 'Demo', communityLogo: KEY, emailImages: false };
    expect(emailBrand(community, { publicUrl: PUBLIC })).toEqual({ communityName: 'Demo' });
    expect(emailBrand({ ...community, emailImages: true }, { publicUrl: PUBLIC })).toEqual({
      communityName: 'Demo',
      logoUrl: `${PUBLIC}/api/email/logo/${FILE}`,
    });
    expect(
      emailBrand({ ...community, communityLogo: null, emailImages: true }, { publicUrl: PUBLIC }),
    ).toEqual({ communityName: 'Demo' });
  });

  it('points at the email logo route for our upload, in any of its forms', () => {
    const expected = `${PUBLIC}/api/email/logo/${FILE}`;
    expect(emailLogoUrl(KEY, PUBLIC)).toBe(expected);
    expect(emailLogoUrl(`/api/files/${KEY}`, PUBLIC)).toBe(expected);
    expect(emailLogoUrl(`${PUBLIC}/api/files/${KEY}?expires=1&signature=s`, PUBLIC)).toBe(expected);
    expect(emailLogoUrl(KEY, 'http://localhost:8787')).toBe(`http://localhost:8787/api/email/logo/${FILE}`);
  });

  it('keeps a web address elsewhere, makes a path on our host absolute, drops anything else', () => {
    expect(emailLogoUrl('https://cdn.example/logo.png', PUBLIC)).toBe('https://cdn.example/logo.png');
    expect(emailLogoUrl('/brand/logo.png', PUBLIC)).toBe(`${PUBLIC}/brand/logo.png`);
    expect(emailLogoUrl('//evil.example/logo.png', PUBLIC)).toBeUndefined();
    expect(emailLogoUrl('javascript:alert(1)', PUBLIC)).toBeUndefined();
    expect(emailLogoUrl('x', PUBLIC)).toBeUndefined();
    expect(emailLogoUrl('', PUBLIC)).toBeUndefined();
  });

  it('reads only keys of the community bucket as our logo', () => {
    expect(uploadedLogoKey(`users/${FILE}`, PUBLIC)).toBeNull();
    expect(uploadedLogoKey(`https://evil.example/api/files/${KEY}`, PUBLIC)).toBeNull();
    expect(uploadedLogoKey(`community/../users/${FILE}`, PUBLIC)).toBeNull();
    expect(uploadedLogoKey(KEY, PUBLIC)).toBe(KEY);
  });
});
