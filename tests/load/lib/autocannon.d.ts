declare module 'autocannon' {
  /** The instance's events as measure.ts listens to them. */
  type Instance = { on(event: string, listener: (...args: never[]) => void): Instance; stop(): void };
  const autocannon: (
    options: Record<string, unknown>,
    cb?: (err: Error | null, result: unknown) => void,
  ) => Instance;
  export default autocannon;
}
