// Issue 32: a chef's home as the screens hold it before it is sent (onboarding's draft, the home editor).
import { zipPlace } from '../../shared/contracts';

export interface Point {
  lat: number;
  lon: number;
}

/** What the chef gave: the text typed (a ZIP or an address) or the position "Use my location" found. */
export interface HomeDraft {
  home: string;
  point: Point | null;
}

/** The common texts' key for what is wrong with a typed home in `city` (the server checks the same), or null. */
export function homeProblem(draft: HomeDraft, city: string): 'home.unknownZip' | 'home.otherCity' | null {
  if (draft.point || draft.home.trim() === '') return null;
  const place = zipPlace(draft.home);
  if (!place) return 'home.unknownZip';
  return place.city === city ? null : 'home.otherCity';
}

/** The multipart fields of a home for POST /profiles/chef. */
export function setHomeFields(form: FormData, draft: HomeDraft) {
  if (draft.point) {
    form.set('homeLatitude', String(draft.point.lat));
    form.set('homeLongitude', String(draft.point.lon));
  } else if (draft.home.trim() !== '') {
    form.set('home', draft.home.trim());
  }
}
