import { Badge, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type ProfileUser, privateFieldsOf } from '../api/use-user.ts';

const sectionTitle = css({ textStyle: 'overline', color: 'fg.subtle', mb: '2' });
const contactLine = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'sm' });

export function AboutTab({ user }: { user: ProfileUser }) {
  const { email, phone } = privateFieldsOf(user);
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
                <icons.Mail aria-hidden="true" className={css({ w: '4', h: '4', color: 'fg.subtle' })} />
                <a
                  href={`mailto:${email}`}
                  className={css({ color: 'accent.text', _hover: { textDecoration: 'underline' } })}
                >
                  {email}
                </a>
              </p>
            ) : null}
            {phone ? (
              <p className={contactLine}>
                <icons.Phone aria-hidden="true" className={css({ w: '4', h: '4', color: 'fg.subtle' })} />
                <a
                  href={`tel:${phone}`}
                  className={css({ color: 'accent.text', _hover: { textDecoration: 'underline' } })}
                >
                  {phone}
                </a>
              </p>
            ) : null}
          </div>
        </section>
      ) : null}
    </div>
  );
}
