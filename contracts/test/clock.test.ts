import {
  adjustmentRefusal,
  afterWrongClockCode,
  autoClockOutAt,
  balanceDueAt,
  checkClockInPosition,
  clockCodeMismatch,
  clockCodeRefusal,
  clockInRefusal,
  distanceMeters,
  formatDistance,
  hoursDecisionRefusal,
  hoursDisputeRefusal,
  isLateClockIn,
  loadPolicy,
  noShowRefusal,
  outsideGeofenceText,
  positionRefusal,
  sendHomeRefusal,
  timesheetApprovalDeadline,
  type ClockCodeAttempts,
} from '../src';

// The time clock's rules (issue 34): when a chef may clock in and from where, what the restaurant's code
// allows, and when a chef may be sent home or marked a no-show. Each refusal is the code the API answers.

const policy = loadPolicy({});
const at = (hms: string) => new Date(`2026-12-01T${hms.length === 5 ? `${hms}:00` : hms}Z`);
const shift = { start_time: at('10:00'), end_time: at('18:00') };
const bookedShift = { ...shift, hourly_rate_cents: 2500, break_minutes: 0 };
/** The restaurant's pin (Minneapolis); 0.001 degree of latitude is about 111 meters. */
const pin = { latitude: 44.9778, longitude: -93.265 };
const north = (degrees: number, accuracy_m: number | null = 20, when = at('09:45')) => ({
  latitude: pin.latitude + degrees,
  longitude: pin.longitude,
  accuracy_m,
  at: when,
});

describe('when', () => {
  test('the clock opens CLOCK_IN_EARLY before the start and closes at the end', () => {
    expect(clockInRefusal(policy, shift, at('09:29'))).toBe('JOBS.CLOCK_NOT_OPEN');
    expect(clockInRefusal(policy, shift, at('09:30'))).toBeNull();
    expect(clockInRefusal(policy, shift, at('17:59'))).toBeNull();
    expect(clockInRefusal(policy, shift, at('18:00'))).toBe('JOBS.CLOCK_NOT_OPEN');
    expect(clockInRefusal(loadPolicy({ CLOCK_IN_EARLY: '5m' }), shift, at('09:50'))).toBe(
      'JOBS.CLOCK_NOT_OPEN',
    );
  });

  test('a clock-in after the start + 10 minutes is late', () => {
    expect(isLateClockIn(policy, shift, at('10:10'))).toBe(false);
    expect(isLateClockIn(policy, shift, at('10:10:01'))).toBe(true);
  });

  test('the deadlines: auto clock-out, auto-approval, the chef’s answer, a balance owed', () => {
    expect(autoClockOutAt(policy, shift).toISOString()).toBe('2026-12-01T22:00:00.000Z');
    expect(timesheetApprovalDeadline(policy, at('18:05')).toISOString()).toBe('2026-12-03T18:05:00.000Z');
    expect(hoursDisputeRefusal(policy, at('19:00'), new Date('2026-12-02T19:00:00Z'))).toBeNull();
    expect(hoursDisputeRefusal(policy, at('19:00'), new Date('2026-12-02T19:00:01Z'))).toBe(
      'JOBS.DISPUTE_WINDOW_PASSED',
    );
    expect(balanceDueAt(policy, at('19:00')).toISOString()).toBe('2026-12-04T19:00:00.000Z');
  });

  test('a chef is sent home only within SENT_HOME_WINDOW of the clock-in, marked a no-show only NO_SHOW_AFTER past the start', () => {
    expect(sendHomeRefusal(policy, at('10:05'), at('11:05'))).toBeNull();
    expect(sendHomeRefusal(policy, at('10:05'), at('11:05:01'))).toBe('JOBS.SENT_HOME_WINDOW_PASSED');
    expect(noShowRefusal(policy, shift, at('10:59'))).toBe('JOBS.NO_SHOW_TOO_EARLY');
    expect(noShowRefusal(policy, shift, at('11:00'))).toBeNull();
  });
});

describe('the restaurant’s adjustment and the operator’s decision', () => {
  const times = (clockIn: string, clockOut: string, breakMinutes = 0) => ({
    clock_in_at: at(clockIn),
    clock_out_at: at(clockOut),
    break_minutes: breakMinutes,
  });

  test('times from the start − CLOCK_IN_EARLY to the end + MAX_EXTRA_HOURS, out after in', () => {
    expect(adjustmentRefusal(policy, shift, times('09:30', '22:00', 30))).toBeNull();
    expect(adjustmentRefusal(policy, shift, times('09:29', '18:00'))).toBe('JOBS.TIMES_OUT_OF_BOUNDS');
    expect(adjustmentRefusal(policy, shift, times('10:00', '22:01'))).toBe('JOBS.TIMES_OUT_OF_BOUNDS');
    expect(adjustmentRefusal(policy, shift, times('12:00', '12:00'))).toBe('JOBS.TIMES_OUT_OF_BOUNDS');
    expect(adjustmentRefusal(policy, shift, times('12:00', '11:00'))).toBe('JOBS.TIMES_OUT_OF_BOUNDS');
    expect(adjustmentRefusal(policy, shift, times('10:00', '18:00', 121))).toBe('JOBS.TIMES_OUT_OF_BOUNDS');
    expect(
      adjustmentRefusal(policy, shift, {
        clock_in_at: 'yesterday',
        clock_out_at: at('18:00'),
        break_minutes: 0,
      }),
    ).toBe('JOBS.TIMES_OUT_OF_BOUNDS');
  });

  test('an operator decides 0 to the scheduled minutes + MAX_EXTRA_HOURS, whole minutes', () => {
    expect(hoursDecisionRefusal(policy, bookedShift, 0)).toBeNull();
    expect(hoursDecisionRefusal(policy, bookedShift, 720)).toBeNull();
    for (const bad of [-1, 721, 90.5])
      expect(hoursDecisionRefusal(policy, bookedShift, bad)).toBe('JOBS.WORKED_MINUTES_OUT_OF_RANGE');
  });
});

describe('the clock code', () => {
  test('only the restaurant’s 4 digits clock in', () => {
    expect(clockCodeMismatch('0427', '0427')).toBeNull();
    expect(clockCodeMismatch('0427', '0428')).toBe('JOBS.BAD_CLOCK_CODE');
    expect(clockCodeMismatch('0427', '427')).toBe('JOBS.BAD_CLOCK_CODE');
  });

  test('5 wrong codes lock it for 15 minutes, the right one included', () => {
    let state: ClockCodeAttempts = { wrong_codes: 0, locked_until: null };
    for (let i = 0; i < 4; i++) state = afterWrongClockCode(policy, state, at('10:00'));
    expect(state).toEqual({ wrong_codes: 4, locked_until: null });
    expect(clockCodeRefusal(state, at('10:00'))).toBeNull();
    state = afterWrongClockCode(policy, state, at('10:01'));
    expect(clockCodeRefusal(state, at('10:15:59'))).toBe('JOBS.CLOCK_CODE_LOCKED');
    expect(clockCodeRefusal(state, at('10:16'))).toBeNull();
    expect(state.wrong_codes).toBe(0);
  });
});

describe('where', () => {
  test('distances are great-circle meters', () => {
    expect(distanceMeters(pin, pin)).toBe(0);
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111_195,
      -1,
    );
    // Minneapolis to Detroit: about 870 km
    const detroit = { latitude: 42.3314, longitude: -83.0458 };
    expect(Math.round(distanceMeters(pin, detroit) / 1000)).toBeGreaterThan(860);
    expect(Math.round(distanceMeters(pin, detroit) / 1000)).toBeLessThan(880);
  });

  test('within GEOFENCE_METERS of the pin clocks in; farther is refused with the distance', () => {
    expect(checkClockInPosition(policy, pin, north(0.002))).toEqual({ ok: true, distance_m: 222 });
    expect(checkClockInPosition(policy, pin, north(0.003))).toEqual({
      ok: false,
      code: 'JOBS.OUTSIDE_GEOFENCE',
      distance_m: 334,
    });
    expect(checkClockInPosition(loadPolicy({ GEOFENCE_METERS: '500' }), pin, north(0.003)).ok).toBe(true);
  });

  test('no pin, a vague position (5 km, or none given) and a 50 km jump in a minute are refused', () => {
    expect(checkClockInPosition(policy, null, north(0))).toMatchObject({
      ok: false,
      code: 'JOBS.NO_LOCATION_PIN',
    });
    expect(checkClockInPosition(policy, pin, north(0, 5000))).toMatchObject({
      code: 'JOBS.LOCATION_TOO_VAGUE',
    });
    expect(checkClockInPosition(policy, pin, north(0, null))).toMatchObject({
      code: 'JOBS.LOCATION_TOO_VAGUE',
    });
    expect(checkClockInPosition(policy, pin, north(0, 250)).ok).toBe(true);
    const before = north(-0.45, 20, at('09:44'));
    expect(checkClockInPosition(policy, pin, north(0), before)).toMatchObject({
      code: 'JOBS.POSITION_JUMPED',
    });
    // the same 50 km in an hour is a drive; back at the restaurant 8 hours later is a shift
    expect(positionRefusal(policy, north(0), north(-0.45, 20, at('08:45')))).toBeNull();
    expect(positionRefusal(policy, north(0, 20, at('18:00')), north(0.001))).toBeNull();
  });

  test('the refusal says the distance in the chef’s language', () => {
    expect(outsideGeofenceText(policy, 400, 'en')).toBe(
      'You are 1310 feet from the restaurant. Clock in within 820 feet of it, or ask the restaurant for the clock code.',
    );
    expect(outsideGeofenceText(policy, 2000, 'es')).toBe(
      'Estás a 1.2 millas del restaurante. Marca tu entrada a menos de 820 pies, o pide al restaurante el código de entrada.',
    );
    expect(formatDistance(1, 'en')).toBe('10 feet');
  });
});
