import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '../../shared/contracts';
import type { ChefProfile, RestaurantProfile } from '../auth';
import { Reliability } from './Reliability';
import { SpokenLanguages } from './languages';
import { TranslatedText } from '../../shared/components/TranslatedText';
import { formatRating } from '../../shared/format';
import { Fact } from '../../shared/components/Facts';
import { CredentialBadges } from '../credentials';

export function Avatar({ url, name, size = 72 }: { url?: string | null; name: string; size?: number }) {
  if (url) return <img className="avatar-img" src={url} alt="" width={size} height={size} />;
  return (
    <span className="avatar avatar-large" aria-hidden="true" style={{ width: size, height: size }}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function RatingLine({
  average,
  total,
}: {
  average: number | null | undefined;
  total: number | undefined;
}) {
  const { t } = useTranslation('profile');
  const value = formatRating(average);
  return (
    <p className="muted">{value ? t('rating', { rating: value, count: total ?? 0 }) : t('noRatings')}</p>
  );
}

export function ChefDetails({ profile }: { profile: ChefProfile }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('catalog');
  return (
    <>
      <div className="profile-head">
        <Avatar url={profile.profile_image_url} name={profile.name} />
        <div>
          <h1>
            <bdi>{profile.name}</bdi>
          </h1>
          <p className="muted">
            {profile.city}, {profile.state} · {t('travelRadius', { miles: profile.travel_radius })}
          </p>
          <RatingLine average={profile.average_rating} total={profile.total_ratings} />
          <SpokenLanguages codes={profile.languages} />
          {/* issue 39: the credentials an operator verified that count today */}
          <CredentialBadges types={profile.verified_credentials} />
        </div>
      </div>
      <Reliability record={profile.reliability} />
      <section className="card">
        <h2>{t('about')}</h2>
        <p className="pre-wrap">{profile.bio}</p>
        {profile.hourly_rate_min !== null && profile.hourly_rate_min !== undefined && (
          <p>{t('minRate', { rate: profile.hourly_rate_min })}</p>
        )}
      </section>
      <section className="card">
        <h2>{t('skills')}</h2>
        <div className="tags">
          {profile.skills.map((s) => (
            <span className="tag" key={s}>
              {tc(`skills.${s}`, { defaultValue: s })}
            </span>
          ))}
        </div>
      </section>
      <section className="card">
        <h2>{t('availability')}</h2>
        <dl className="schedule">
          {WEEKDAYS.map((d) => {
            const a = profile.availability?.[d];
            return (
              <Fact key={d} label={tc(`weekdays.${d}`)} className="schedule-row">
                {a?.available ? `${a.start} – ${a.end}` : t('unavailable')}
              </Fact>
            );
          })}
        </dl>
      </section>
    </>
  );
}

/** A restaurant's profile; `own` on the restaurant's own page (its description is shown as written). */
export function RestaurantDetails({ profile, own }: { profile: RestaurantProfile; own?: boolean }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('catalog');
  return (
    <>
      <div className="profile-head">
        <Avatar url={profile.logo_url} name={profile.name} />
        <div>
          <h1>
            <bdi>{profile.name}</bdi>
          </h1>
          <p className="muted">
            {profile.address}, {profile.city}, {profile.state} {profile.zip ?? ''}
          </p>
          <RatingLine average={profile.average_rating} total={profile.total_ratings} />
        </div>
      </div>
      <Reliability record={profile.reliability} />
      <section className="card">
        <h2>{t('about')}</h2>
        <p>
          <TranslatedText
            text={profile.description}
            translation={profile.description_translation}
            mine={own}
            testId="restaurant-description"
          />
        </p>
        <div className="tags">
          {profile.cuisine_types.map((c) => (
            <span className="tag" key={c}>
              {tc(`cuisines.${c}`, { defaultValue: c })}
            </span>
          ))}
        </div>
      </section>
      <section className="card">
        <h2>{t('hours')}</h2>
        {/* hours start empty (issue 32): a restaurant that opened no day has not set them */}
        {WEEKDAYS.some((d) => profile.operating_hours?.[d] && !profile.operating_hours[d].closed) ? (
          <dl className="schedule">
            {WEEKDAYS.map((d) => {
              const h = profile.operating_hours?.[d];
              return (
                <Fact key={d} label={tc(`weekdays.${d}`)} className="schedule-row">
                  {h && !h.closed ? `${h.open} – ${h.close}` : t('closed')}
                </Fact>
              );
            })}
          </dl>
        ) : (
          <p className="muted">{t('hoursNotSet')}</p>
        )}
      </section>
    </>
  );
}
