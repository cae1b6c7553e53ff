import { Link } from 'react-router-dom';

// The button classes of each place the two sign-up links stand: the hero, the dark closing band, the About page.
const LOOKS = {
  hero: ['btn btn-large', 'btn btn-large btn-secondary'],
  band: ['btn btn-large btn-on-dark', 'btn btn-large btn-outline-light'],
  plain: ['btn', 'btn btn-secondary'],
} as const;

/** The two ways to sign up, side by side: as a restaurant (the main one) and as a chef. */
export function SignupChoices({
  restaurant,
  chef,
  look,
}: {
  restaurant: string;
  chef: string;
  look: keyof typeof LOOKS;
}) {
  const [main, other] = LOOKS[look];
  return (
    <div className="cta-row">
      <Link to="/signup?type=restaurant" className={main}>
        {restaurant}
      </Link>
      <Link to="/signup?type=chef" className={other}>
        {chef}
      </Link>
    </div>
  );
}
