import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TagInput } from './tag-input.tsx';

afterEach(cleanup);

function Harness({ initial = [] as string[] }) {
  const [tags, setTags] = useState<string[]>(initial);
  return (
    <>
      <TagInput tags={tags} onChange={setTags} />
      <output data-testid="tags">{tags.join('|')}</output>
    </>
  );
}

const box = () => screen.getByRole('textbox', { name: /Tags/ });
const tags = () => screen.getByTestId('tags').textContent;

describe('tag input', () => {
  it('adds a tag on Enter and turns inner spaces into underscores', async () => {
    render(<Harness />);
    await userEvent.type(box(), '  react hooks  {Enter}');
    expect(tags()).toBe('react_hooks');
    expect((box() as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Remove tag react_hooks' })).toBeTruthy();
  });

  it('adds a tag on comma, and a pasted "a, b" adds both', async () => {
    render(<Harness />);
    await userEvent.type(box(), 'news,');
    expect(tags()).toBe('news');
    fireEvent.change(box(), { target: { value: 'a, b' } });
    expect(tags()).toBe('news|a');
    expect((box() as HTMLInputElement).value).toBe(' b');
  });

  it('drops duplicates, also once normalised', async () => {
    render(<Harness initial={['hello_world']} />);
    await userEvent.type(box(), 'hello world{Enter}');
    expect(tags()).toBe('hello_world');
  });

  it('hides the input at 3 tags and shows it again when one is removed', async () => {
    render(<Harness />);
    await userEvent.type(box(), 'one{Enter}two{Enter}three{Enter}');
    expect(tags()).toBe('one|two|three');
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag two' }));
    expect(tags()).toBe('one|three');
    expect(box()).toBeTruthy();
  });

  it('ignores blank entries and removes the last tag with Backspace in an empty box', async () => {
    render(<Harness initial={['keep', 'last']} />);
    await userEvent.type(box(), '   {Enter},');
    expect(tags()).toBe('keep|last');
    await userEvent.type(box(), '{Backspace}');
    expect(tags()).toBe('keep');
  });
});
