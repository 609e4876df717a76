// The chat composer's @mention autocomplete: "@" and letters list the place's members; Up/Down
// move, Enter or Tab pick (the text shows "@First Last", the message carries `<@id>`), Esc closes
// the list only; @here / @space are offered only to who may use them. And the rendered chips.
import type { MentionCandidate } from '@community/domain';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWith, signOut } from '../../../lib/signed-in.test-helper.ts';
import { Composer } from '../../chat/components/composer.tsx';
import type { MentionSource } from '../lib/mention-autocomplete.ts';
import { MessageText } from './message-text.tsx';

const ADA: MentionCandidate = {
  id: 'a0000000-0000-4000-8000-000000000001',
  firstName: 'Ada',
  lastName: 'Lovelace',
  imageUrl: null,
};
const ALAN: MentionCandidate = {
  id: 'a0000000-0000-4000-8000-000000000002',
  firstName: 'Alan',
  lastName: 'Turing',
  imageUrl: null,
};

beforeEach(() => signInWith([]));
afterEach(() => {
  cleanup();
  signOut();
});

function setup(broadcast = false) {
  const send = vi.fn(() => ({ ok: true as const }));
  const search = vi.fn(async (query: string) =>
    [ADA, ALAN].filter((member) =>
      `${member.firstName} ${member.lastName}`.toLowerCase().startsWith(query.toLowerCase()),
    ),
  );
  const source: MentionSource = { search, broadcast };
  const onEscapeOutside = vi.fn();
  render(
    // biome-ignore lint/a11y/noStaticElementInteractions: stands for a dialog that closes on Esc
    <div onKeyDown={(event) => event.key === 'Escape' && onEscapeOutside()}>
      <Composer target={{ send, notifyTyping: () => {} }} placeholder="Message General" mentions={source} />
    </div>,
  );
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return { send, search, box, onEscapeOutside };
}

const options = () => screen.queryAllByRole('option').map((option) => option.textContent);
const selected = () => screen.getByRole('option', { selected: true }).textContent;

describe('mention autocomplete', () => {
  it('lists members for "@" and letters; Down/Up move, Enter picks, the message carries the id', async () => {
    const { box, send, search } = setup();
    await userEvent.type(box, 'hi @a');
    await screen.findByRole('listbox', { name: 'Mention a member' });
    expect(search).toHaveBeenLastCalledWith('a', expect.any(AbortSignal));
    expect(options()).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(selected()).toBe('Ada Lovelace');
    await userEvent.keyboard('{ArrowDown}');
    expect(selected()).toBe('Alan Turing');
    await userEvent.keyboard('{ArrowDown}');
    expect(selected()).toBe('Ada Lovelace');
    await userEvent.keyboard('{ArrowUp}');
    expect(selected()).toBe('Alan Turing');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { selected: true }).id);
    await userEvent.keyboard('{Enter}');
    expect(box.value).toBe('hi @Alan Turing ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(box, 'look{Enter}');
    expect(send).toHaveBeenCalledWith(`hi <@${ALAN.id}> look`, []);
  });

  it('picks with Tab too, and narrows as letters follow', async () => {
    const { box, send } = setup();
    await userEvent.type(box, '@ada l');
    await waitFor(() => expect(options()).toEqual(['Ada Lovelace']));
    await userEvent.keyboard('{Tab}');
    expect(box.value).toBe('@Ada Lovelace ');
    await userEvent.keyboard('{Enter}');
    expect(send).toHaveBeenCalledWith(`<@${ADA.id}> `, []);
  });

  it('closes the list on Esc, and only the list; Enter then sends', async () => {
    const { box, send, onEscapeOutside } = setup();
    await userEvent.type(box, 'hello @al');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onEscapeOutside).not.toHaveBeenCalled();
    // Still closed while the same "@" is typed on.
    await userEvent.type(box, 'a');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(send).toHaveBeenCalledWith('hello @ala', []);
    // With the list closed, Esc goes on to whatever holds the composer.
    await userEvent.keyboard('{Escape}');
    expect(onEscapeOutside).toHaveBeenCalledTimes(1);
  });

  it('offers @here and @space only to who may use them', async () => {
    const member = setup(false);
    await userEvent.type(member.box, '@');
    await screen.findByRole('listbox');
    expect(options()).toEqual(['Ada Lovelace', 'Alan Turing']);
    cleanup();
    const moderator = setup(true);
    await userEvent.type(moderator.box, '@h');
    await waitFor(() => expect(options()).toEqual(['@hereNotify members online now']));
    await userEvent.keyboard('{Enter}');
    await userEvent.type(moderator.box, 'ship it{Enter}');
    expect(moderator.send).toHaveBeenCalledWith('<@here> ship it', []);
  });
});

describe('mention chips', () => {
  it('names members as of this read, marks the viewer’s, and shows an unknown id as text', () => {
    signInWith([], ADA.id);
    render(
      <p>
        <MessageText
          content={`<@${ADA.id}> meet <@${ALAN.id}> and <@b0000000-0000-4000-8000-000000000009>`}
          mentions={[{ ...ADA, firstName: 'Augusta' }, ALAN]}
        />
      </p>,
    );
    const chips = document.querySelectorAll('[data-mention]');
    expect([...chips].map((chip) => chip.textContent)).toEqual(['@Augusta Lovelace', '@Alan Turing']);
    expect(chips[0]?.hasAttribute('data-mention-me')).toBe(true);
    expect(chips[1]?.hasAttribute('data-mention-me')).toBe(false);
    expect(document.querySelector('p')?.textContent).toBe('@Augusta Lovelace meet @Alan Turing and @unknown');
  });
});
