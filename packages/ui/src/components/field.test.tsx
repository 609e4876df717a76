import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './field.tsx';

afterEach(cleanup);

describe('TextField', () => {
  it('labels its input', () => {
    render(<TextField label="Email" name="email" />);
    expect(screen.getByLabelText('Email').getAttribute('name')).toBe('email');
  });

  it('shows the error text and marks the input invalid', () => {
    render(<TextField label="Email" name="email" error="Invalid email address" />);
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows no error text while the value is valid', () => {
    render(<TextField label="Email" name="email" />);
    expect(screen.queryByText('Invalid email address')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).not.toBe('true');
  });
});
