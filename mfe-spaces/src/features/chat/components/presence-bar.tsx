// Who has the space open right now (the room's presence), by name where they are members, each with
// their community-wide online dot (someone here is online unless the presence room says otherwise).
import { usePresence } from '@community/api-client';
import { Avatar } from '@community/ui';
import { css } from '@community/ui/styled-system/css';

export type PresentPerson = { userId: string; name: string; imageUrl: string | null };

const SHOWN = 5;

function PresentAvatar({ person }: { person: PresentPerson }) {
  const { online } = usePresence(person.userId, null);
  return (
    <Avatar
      name={person.name}
      src={person.imageUrl}
      size="xs"
      online={online}
      className={css({ ring: '2px solid', ringColor: 'bg.default' })}
    />
  );
}

export function PresenceBar({ people, count }: { people: readonly PresentPerson[]; count: number }) {
  if (count === 0) return null;
  const names = people.map((person) => person.name).join(', ');
  return (
    <section
      aria-label="Here now"
      title={names}
      className={css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'xs', color: 'fg.muted' })}
    >
      <span className={css({ display: 'flex' })}>
        {people.slice(0, SHOWN).map((person) => (
          <span
            key={person.userId}
            className={css({ position: 'relative', ms: '-1.5', _first: { ms: '0' } })}
          >
            <PresentAvatar person={person} />
          </span>
        ))}
      </span>
      <span>
        <span
          aria-hidden="true"
          className={css({
            display: 'inline-block',
            w: '2',
            h: '2',
            me: '1',
            borderRadius: 'full',
            bg: 'presence.online',
          })}
        />
        {count} here now
        <span className={css({ srOnly: true })}>: {names}</span>
      </span>
    </section>
  );
}
