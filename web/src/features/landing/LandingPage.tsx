import { Link } from 'react-router-dom';
import { SignupChoices } from './SignupChoices';
import { useTranslation } from 'react-i18next';
import { POSITIONS } from '../../shared/contracts';
import { PublicFooter, PublicHeader } from './PublicHeader';

const STEPS = ['post', 'match', 'work'] as const;
const TESTIMONIALS = ['one', 'two', 'three'] as const;

export default function LandingPage() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation('catalog');
  return (
    <>
      <PublicHeader />
      <main id="main">
        <section className="hero">
          <div className="hero-inner">
            <h1>{t('hero.title')}</h1>
            <p className="lead">{t('hero.subtitle')}</p>
            <SignupChoices restaurant={t('hero.ctaRestaurant')} chef={t('hero.ctaChef')} look="hero" />
            <p className="hero-note">{t('hero.note')}</p>
          </div>
        </section>

        {/* the positions restaurants post (the Post Shift form's list, one source): each leads to a chef's sign-up */}
        <section className="section" aria-labelledby="roles-title">
          <h2 id="roles-title">{t('roles.title')}</h2>
          <p className="center muted">{t('roles.hint')}</p>
          <ul className="tiles">
            {POSITIONS.map((position) => (
              <li key={position} className="tile">
                <Link to="/signup?type=chef" className="tile-link">
                  <h3>{tc(`positions.${position}`)}</h3>
                  <p>{t(`roles.positions.${position}`)}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section className="section section-alt" aria-labelledby="how-title">
          <h2 id="how-title">{t('how.title')}</h2>
          <ol className="steps">
            {STEPS.map((step, i) => (
              <li key={step} className="step">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{t(`how.${step}.title`)}</h3>
                <p>{t(`how.${step}.text`)}</p>
              </li>
            ))}
          </ol>
          <p className="center fee-note">{t('how.fee')}</p>
        </section>

        <section className="section" aria-labelledby="testimonials-title">
          <h2 id="testimonials-title">{t('testimonials.title')}</h2>
          <ul className="testimonials">
            {TESTIMONIALS.map((key) => (
              <li key={key} className="testimonial">
                <blockquote>
                  <p>{t(`testimonials.${key}.quote`)}</p>
                </blockquote>
                <p className="testimonial-by">{t(`testimonials.${key}.by`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="section cta-band">
          <h2>{t('band.title')}</h2>
          <SignupChoices restaurant={t('hero.ctaRestaurant')} chef={t('hero.ctaChef')} look="band" />
        </section>
      </main>
      <PublicFooter />
    </>
  );
}
