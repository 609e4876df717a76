import { describe, expect, it } from 'vitest';
import {
  AdminUserOperationQuery,
  AdminUsersQuery,
  CreateInviteInput,
  CreateUrlsInput,
  checkImportRow,
  ImportUserRow,
  isCsvFeatureEnabled,
  isCsvStatusBlocked,
  UpdateAdminInfoInput,
  UpdateCommunityInput,
  UpdateUserFeaturesInput,
  UrlEntryInput,
  UserFormInput,
} from './admin.ts';
import { issuesOf } from './test-helpers.ts';

const user = {
  firstName: 'Ann',
  lastName: 'Lee',
  pseudo: 'ann',
  email: 'ann@example.com',
  job: 'Designer',
  company: 'Acme',
  role: 'HOST',
  city: 'Boston',
  features: ['events', 'posts'],
};

describe('UserFormInput', () => {
  it('accepts a user without a password and defaults the role to USER', () => {
    const { role: _role, ...withoutRole } = user;
    expect(UserFormInput.parse(withoutRole).role).toBe('USER');
  });

  it('accepts matching passwords of at least 8 characters', () => {
    expect(
      UserFormInput.safeParse({ ...user, password: '12345678', confirmPassword: '12345678' }).success,
    ).toBe(true);
  });

  it('treats empty passwords as no password', () => {
    expect(UserFormInput.safeParse({ ...user, password: '', confirmPassword: '' }).success).toBe(true);
  });

  it('rejects each missing required field with its message', () => {
    const result = UserFormInput.safeParse({ features: ['events'] });
    expect(issuesOf(result)).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'pseudo', message: 'pseudo is required' },
      { path: 'email', message: 'Invalid email address' },
      { path: 'job', message: 'Job is required' },
      { path: 'company', message: 'Company is required' },
      { path: 'city', message: 'City is required' },
    ]);
  });

  it('rejects a role other than ADMIN, HOST or USER', () => {
    expect(issuesOf(UserFormInput.safeParse({ ...user, role: 'SUPER_ADMIN' }))).toEqual([
      { path: 'role', message: 'Role must be Admin, Host or User' },
    ]);
  });

  it('rejects a password shorter than 8 characters', () => {
    expect(
      issuesOf(UserFormInput.safeParse({ ...user, password: 'short', confirmPassword: 'short' })),
    ).toEqual([{ path: 'password', message: 'Password must be at least 8 characters' }]);
  });

  it('rejects passwords that do not match, on the confirmPassword field', () => {
    expect(
      issuesOf(UserFormInput.safeParse({ ...user, password: '12345678', confirmPassword: '12345679' })),
    ).toEqual([{ path: 'confirmPassword', message: 'Passwords do not match' }]);
    expect(issuesOf(UserFormInput.safeParse({ ...user, password: '12345678' }))).toEqual([
      { path: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });

  it('shows the mismatch together with other fields’ errors', () => {
    const result = UserFormInput.safeParse({
      ...user,
      city: '',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(issuesOf(result)).toEqual([
      { path: 'city', message: 'City is required' },
      { path: 'password', message: 'Password must be at least 8 characters' },
      { path: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });

  it('requires at least one feature', () => {
    for (const features of [[], undefined]) {
      expect(issuesOf(UserFormInput.safeParse({ ...user, features }))).toEqual([
        { path: 'features', message: 'At least one feature must be selected' },
      ]);
    }
  });

  it('rejects unknown feature keys and drops repeated ones', () => {
    expect(UserFormInput.safeParse({ ...user, features: ['events', 'games'] }).success).toBe(false);
    expect(UserFormInput.parse({ ...user, features: ['events', 'events'] }).features).toEqual(['events']);
  });
});

describe('UpdateUserFeaturesInput', () => {
  it('accepts a list of feature switches', () => {
    const body = { features: [{ feature: 'livestream', enabled: false }] };
    expect(UpdateUserFeaturesInput.parse(body)).toEqual(body);
  });

  it('rejects an unknown feature', () => {
    expect(UpdateUserFeaturesInput.safeParse({ features: [{ feature: 'x', enabled: true }] }).success).toBe(
      false,
    );
  });
});

describe('admin user queries', () => {
  it('accepts the four user operations only', () => {
    for (const operation of ['edit', 'updateFeatures', 'block', 'reactivate']) {
      expect(AdminUserOperationQuery.safeParse({ operation }).success).toBe(true);
    }
    expect(AdminUserOperationQuery.safeParse({ operation: 'delete' }).success).toBe(false);
  });

  it('pages the user list with an optional search', () => {
    expect(AdminUsersQuery.parse({ search: ' ann ', limit: '500' })).toEqual({ search: 'ann', limit: 100 });
  });
});

describe('UpdateCommunityInput', () => {
  it('requires the community name, logo and URL', () => {
    expect(issuesOf(UpdateCommunityInput.safeParse({ communityName: ' ' }))).toEqual([
      { path: 'communityName', message: 'Community name is required' },
      { path: 'communityLogo', message: 'Community logo is required' },
      { path: 'communityUrl', message: 'Community URL is required' },
    ]);
  });

  it('takes the logo-in-emails switch as a boolean, or leaves it out', () => {
    const base = { communityName: 'C', communityLogo: 'community/l.png', communityUrl: 'c' };
    expect(UpdateCommunityInput.parse(base)).toEqual(base);
    expect(UpdateCommunityInput.parse({ ...base, emailImages: true })).toEqual({
      ...base,
      emailImages: true,
    });
    expect(issuesOf(UpdateCommunityInput.safeParse({ ...base, emailImages: 'yes' }))).toEqual([
      { path: 'emailImages', message: 'emailImages must be true or false' },
    ]);
  });
});

describe('CreateInviteInput', () => {
  it('rejects an invalid email address', () => {
    expect(issuesOf(CreateInviteInput.safeParse({ email: 'ann', communitySubdomain: 'acme' }))).toEqual([
      { path: 'email', message: 'Invalid email address' },
    ]);
  });

  it('requires the community subdomain', () => {
    expect(issuesOf(CreateInviteInput.safeParse({ email: 'ann@example.com' }))).toEqual([
      { path: 'communitySubdomain', message: 'Community subdomain is required' },
    ]);
  });
});

describe('UpdateAdminInfoInput', () => {
  it('requires the company and first name', () => {
    expect(issuesOf(UpdateAdminInfoInput.safeParse({ company: '', firstName: '' }))).toEqual([
      { path: 'company', message: 'Company is required' },
      { path: 'firstName', message: 'First name is required' },
    ]);
  });
});

describe('URL entries', () => {
  it('accepts a URL with an optional label', () => {
    expect(UrlEntryInput.parse({ url: ' https://acme.example.com ' })).toEqual({
      url: 'https://acme.example.com',
    });
    expect(UrlEntryInput.safeParse({ url: 'https://acme.example.com', label: 'Site' }).success).toBe(true);
  });

  it('rejects an empty URL with its own message only', () => {
    for (const url of ['', '   ', undefined]) {
      expect(issuesOf(UrlEntryInput.safeParse({ url }))).toEqual([
        { path: 'url', message: 'URL cannot be empty' },
      ]);
    }
  });

  it('rejects an invalid URL', () => {
    for (const url of ['acme', 'javascript:alert(1)']) {
      expect(issuesOf(UrlEntryInput.safeParse({ url }))).toEqual([
        { path: 'url', message: 'Please enter a valid URL' },
      ]);
    }
  });

  it('requires at least one URL', () => {
    expect(
      issuesOf(CreateUrlsInput.safeParse({ urls: [], communityId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e05' })),
    ).toEqual([{ path: 'urls', message: 'At least one URL is required' }]);
    expect(
      issuesOf(CreateUrlsInput.safeParse({ communityId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e05' })),
    ).toEqual([{ path: 'urls', message: 'At least one URL is required' }]);
  });

  it('points at the entry that is wrong', () => {
    const body = {
      urls: [{ url: 'https://a.example.com' }, { url: '' }],
      communityId: '5f0c6a9e-3b1d-4c7a-9e2f-1a2b3c4d5e05',
    };
    expect(issuesOf(CreateUrlsInput.safeParse(body))).toEqual([
      { path: 'urls.1.url', message: 'URL cannot be empty' },
    ]);
  });
});

describe('user import', () => {
  const row = { firstName: 'Ann', lastName: 'Lee', pseudo: 'ann', email: 'ann@example.com' };

  it('fills in the role, status and features of a minimal row', () => {
    expect(ImportUserRow.parse(row)).toEqual({ ...row, role: 'USER', isBlocked: false, features: [] });
  });

  it('accepts a complete row', () => {
    expect(checkImportRow({ ...row, job: 'Designer', role: 'ADMIN', features: ['events'] }, 2)).toEqual({
      ok: true,
      user: { ...row, job: 'Designer', role: 'ADMIN', isBlocked: false, features: ['events'] },
    });
  });

  it('names the row when a required field is missing', () => {
    for (const field of ['firstName', 'lastName', 'email', 'pseudo'] as const) {
      expect(checkImportRow({ ...row, [field]: ' ' }, 7)).toEqual({
        ok: false,
        error: 'User at row 7 is missing required fields',
      });
    }
    expect(checkImportRow(null, 3)).toEqual({ ok: false, error: 'User at row 3 is missing required fields' });
  });

  it('reports other problems with the field’s own message', () => {
    expect(checkImportRow({ ...row, email: 'ann' }, 2)).toEqual({
      ok: false,
      error: 'Invalid email address',
    });
  });

  it('reads Yes, true or 1 as an enabled feature', () => {
    for (const cell of ['Yes', 'yes', 'true', '1', ' TRUE ']) expect(isCsvFeatureEnabled(cell)).toBe(true);
    for (const cell of ['No', 'false', '0', '', undefined]) expect(isCsvFeatureEnabled(cell)).toBe(false);
  });

  it('reads the Blocked status as blocked', () => {
    expect(isCsvStatusBlocked('Blocked')).toBe(true);
    expect(isCsvStatusBlocked('Active')).toBe(false);
    expect(isCsvStatusBlocked(undefined)).toBe(false);
  });
});
