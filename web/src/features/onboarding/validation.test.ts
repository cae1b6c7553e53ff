import {
  chefForm,
  chefStepError,
  citySelection,
  emptyChefDraft,
  emptyRestaurantDraft,
  imageError,
  restaurantForm,
  restaurantStepError,
} from './validation';

describe('restaurant onboarding rules', () => {
  test('step 1 needs name, description, address and city', () => {
    const d = { ...emptyRestaurantDraft(), name: 'Loop', description: 'Food', address: '1 Main St' };
    expect(restaurantStepError(1, d)).toBe('validation.requiredFields');
    expect(restaurantStepError(1, { ...d, ...citySelection('Detroit') })).toBeNull();
  });

  test('choosing a city sets its state and coordinates', () => {
    expect(citySelection('Detroit')).toEqual({
      city: 'Detroit',
      state: 'MI',
      latitude: 42.3314,
      longitude: -83.0458,
    });
    expect(citySelection('Minneapolis')).toEqual({
      city: 'Minneapolis',
      state: 'MN',
      latitude: 44.9778,
      longitude: -93.265,
    });
  });

  test('step 2 needs at least one cuisine type', () => {
    const d = emptyRestaurantDraft();
    expect(restaurantStepError(2, d)).toBe('validation.cuisineRequired');
    expect(restaurantStepError(2, { ...d, cuisineTypes: ['Thai'] })).toBeNull();
  });

  test('operating hours start empty: every day closed until the restaurant opens it (issue 32)', () => {
    const d = emptyRestaurantDraft();
    expect(Object.values(d.operatingHours).every((h) => h.closed)).toBe(true);
  });

  test('step 3 needs at least one day open', () => {
    const d = emptyRestaurantDraft();
    expect(restaurantStepError(3, d)).toBe('validation.hoursRequired');
    const monday = { ...d.operatingHours.monday, closed: false };
    expect(restaurantStepError(3, { ...d, operatingHours: { ...d.operatingHours, monday } })).toBeNull();
  });

  test('the saved form carries JSON for hours and cuisines', () => {
    const d = {
      ...emptyRestaurantDraft(),
      name: 'Loop',
      description: 'Food',
      address: '1 Main St',
      ...citySelection('Minneapolis'),
      cuisineTypes: ['BBQ'],
    };
    const f = restaurantForm(d);
    expect(f.get('city')).toBe('Minneapolis');
    expect(f.get('state')).toBe('MN');
    expect(JSON.parse(String(f.get('cuisineTypes')))).toEqual(['BBQ']);
    expect(JSON.parse(String(f.get('operatingHours'))).monday).toMatchObject({ closed: true });
  });
});

describe('chef onboarding rules', () => {
  test('step 1 needs a name and a bio of at most 250 characters', () => {
    const d = emptyChefDraft();
    expect(chefStepError(1, d)).toBe('validation.chefStep1');
    expect(chefStepError(1, { ...d, name: 'Ana', bio: 'x'.repeat(250) })).toBeNull();
    expect(chefStepError(1, { ...d, name: 'Ana', bio: 'x'.repeat(251) })).toBe('validation.chefStep1');
  });

  test('step 2 needs at least one skill', () => {
    expect(chefStepError(2, emptyChefDraft())).toBe('validation.skillRequired');
    expect(chefStepError(2, { ...emptyChefDraft(), skills: ['Prep Cook'] })).toBeNull();
  });

  test('availability defaults: Mon-Thu 08-18, Fri 08-20, Sat 09-20, Sun 09-17, travel radius 15', () => {
    const d = emptyChefDraft();
    expect(d.availability.monday).toEqual({ available: true, start: '08:00', end: '18:00' });
    expect(d.availability.friday).toEqual({ available: true, start: '08:00', end: '20:00' });
    expect(d.availability.saturday).toEqual({ available: true, start: '09:00', end: '20:00' });
    expect(d.availability.sunday).toEqual({ available: true, start: '09:00', end: '17:00' });
    expect(d.travelRadius).toBe(15);
    expect(chefForm(d).get('travelRadius')).toBe('15');
  });
});

describe('images', () => {
  test('only image files are accepted', () => {
    expect(imageError({ type: 'application/pdf', size: 10 }, 'logo')).toBe('validation.imageType');
  });
  test('files over 5 MB are refused with the right message', () => {
    const big = { type: 'image/png', size: 5 * 1024 * 1024 + 1 };
    expect(imageError(big, 'logo')).toBe('validation.logoTooLarge');
    expect(imageError(big, 'profileImage')).toBe('validation.profileImageTooLarge');
    expect(imageError({ type: 'image/jpeg', size: 5 * 1024 * 1024 }, 'logo')).toBeNull();
  });
});
