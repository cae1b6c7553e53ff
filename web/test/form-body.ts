/** A form-encoded request body (what the browser posts to the Stripe sandbox) as an object. */
export const formBody = (body: unknown) => Object.fromEntries(new URLSearchParams(String(body)));
