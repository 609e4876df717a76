import { subscribe } from 'valtio/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { closeModal, isModalType, MODAL_TYPES, modalStore, openModal } from './modal-store.ts';

afterEach(() => closeModal());

describe('modal store', () => {
  it('lists exactly the spec modal type names', () => {
    expect(MODAL_TYPES).toEqual([
      'deleteConfirm',
      'editPost',
      'newPost',
      'newComment',
      'deleteMessage',
      'createServer',
      'deleteSpace',
      'editSpace',
      'invite',
      'leaveSpace',
      'members',
      'profile',
      'serverSearch',
      'readMore',
      'createConversation',
      'createLivestream',
      'createEvent',
      'viewEvent',
      'editEvent',
      'addMembers',
      'editProfile',
      'adminPanel',
    ]);
  });

  it('starts with no modal open', () => {
    expect(modalStore.type).toBeNull();
    expect(modalStore.props).toEqual({});
  });

  it('opens a modal with its props', () => {
    openModal('profile', { userId: 'u1' });
    expect(modalStore.type).toBe('profile');
    expect(modalStore.props).toEqual({ userId: 'u1' });
  });

  it('replaces the open modal and its props when another one opens', () => {
    openModal('profile', { userId: 'u1' });
    openModal('adminPanel');
    expect(modalStore.type).toBe('adminPanel');
    expect(modalStore.props).toEqual({});
  });

  it('clears type and props on close', () => {
    openModal('profile', { userId: 'u1' });
    closeModal();
    expect(modalStore.type).toBeNull();
    expect(modalStore.props).toEqual({});
  });

  it('notifies subscribers when a modal opens', async () => {
    const seen: (string | null)[] = [];
    const unsubscribe = subscribe(modalStore, () => seen.push(modalStore.type));
    openModal('adminPanel');
    await Promise.resolve();
    unsubscribe();
    expect(seen).toContain('adminPanel');
  });

  it('recognises modal type names', () => {
    expect(isModalType('editProfile')).toBe(true);
    expect(isModalType('settings')).toBe(false);
    expect(isModalType(undefined)).toBe(false);
  });
});
