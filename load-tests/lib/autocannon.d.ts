declare module 'autocannon' {
  const autocannon: (options: Record<string, unknown>, cb?: (err: Error | null, result: any) => void) => any;
  export default autocannon;
}
