// Issue 41: a browser sets up its Intl data (numbers, dates, the cities' time zones and their names) the first time a
// page formats an amount or a time: 50-70 ms of its main thread on this project's machines, four times that on a
// mid-range phone. This small script does it as soon as the HTML is read, while the phone still downloads the app's
// code, for a signed-in person (a signed-out visitor's first page shows no amount); the app's own formatters
// (src/shared/format.ts) then find the data ready. A plain script, not a module: it waits for nothing of the app.
// The zones are the cities' (CITY_TIME_ZONES in the contracts): src/shared/warm-intl.test.ts keeps them in step.
/* global window */
(function () {
  try {
    if (!window.localStorage.getItem('brigade.session')) return;
    var tag = window.localStorage.getItem('brigade.language') === 'es' ? 'es-US' : 'en-US';
    new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(1);
    var zones = ['America/Chicago', 'America/Detroit'];
    for (var i = 0; i < zones.length; i++)
      new Intl.DateTimeFormat(tag, {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: zones[i],
        timeZoneName: 'short',
      }).format(0);
  } catch {
    // storage blocked, or a browser without Intl: the app makes its formatters itself
  }
})();
