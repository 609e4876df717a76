import { modalStore } from '@community/ui';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWith, signOut } from '../../../lib/signed-in.test-helper.ts';
import { SpacesModals } from './spaces-modals.tsx';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  modalStore.type = 'createConversation';
});

afterEach(() => {
  cleanup();
  signOut();
  modalStore.type = null;
  vi.unstubAllGlobals();
});

const searchBox = () => screen.queryByRole('combobox', { name: 'Search members by name' });

describe('spaces modals and the feature switches', () => {
  it('opens createConversation with the messages feature', () => {
    signInWith(['messages']);
    render(<SpacesModals type="createConversation" />);
    expect(searchBox()).toBeTruthy();
  });

  it('shows no createConversation without the messages feature', () => {
    signInWith(['spaces', 'posts']);
    render(<SpacesModals type="createConversation" />);
    expect(searchBox()).toBeNull();
    expect(modalStore.type).toBeNull();
  });

  it('shows no Create space dialog without the spaces feature', () => {
    signInWith(['messages']);
    render(<SpacesModals type="createServer" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
