// About: bio, interests shown with `#`, the contact fields the member chose to show (all of one's own),
// and since when they are a member.
import { Badge, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { contactOf, type ProfileUser } from '../api/use-user.ts';
import { memberSinceLine } from '../lib/format.ts';

const sectionTitle = css({ textStyle: 'overline', color: 'fg.subtle', mb: '2' });
const contactLine = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'sm' });
const contactIcon = css({ w: '4', h: '4', color: 'fg.subtle', flexShrink: 0 });
const contactLink = css({
  color: 'accent.text',
  _hover: { textDecoration: 'underline' },
  minW: '0',
  truncate: true,
});

export function AboutTab({ user, isOwnProfile }: { user: ProfileUser; isOwnProfile: boolean }) {
  const { email, phone } = contactOf(user, isOwnProfile);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <section>
        <h3 className={sectionTitle}>Bio</h3>
        <p
          className={css({
            textStyle: 'sm',
            color: user.bio ? 'fg.default' : 'fg.subtle',
            whiteSpace: 'pre-line',
          })}
        >
          {user.bio || 'No bio yet'}
        </p>
      </section>
      {user.interests.length > 0 ? (
        <section>
          <h3 className={sectionTitle}>Interests</h3>
          <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
            {user.interests.map((interest) => (
              <li key={interest}>
                {/* Stored without the leading #, shown with it (spec section 3). */}
                <Badge size="md">#{interest}</Badge>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {email || phone ? (
        <section>
          <h3 className={sectionTitle}>Contact</h3>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            {email ? (
              <p className={contactLine}>
                <icons.Mail aria-hidden="true" className={contactIcon} />
                <a href={`mailto:${email}`} className={contactLink}>
                  {email}
                </a>
              </p>
            ) : null}
            {phone ? (
              <p className={contactLine}>
                <icons.Phone aria-hidden="true" className={contactIcon} />
                <a href={`tel:${phone}`} className={contactLink}>
                  {phone}
                </a>
              </p>
            ) : null}
          </div>
        </section>
      ) : null}
      {user.memberSince ? (
        <p
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '2',
            textStyle: 'sm',
            color: 'fg.muted',
          })}
        >
          <icons.CalendarDays aria-hidden="true" className={contactIcon} />
          {memberSinceLine(user.memberSince)}
        </p>
      ) : null}
    </div>
  );
}
