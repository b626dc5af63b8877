// fxa-common-password-list ships no types: one CommonJS object with test().
declare module 'fxa-common-password-list' {
  const list: {
    /** True when `password` is among the 50,000 most common passwords. */
    test(password: string): boolean;
  };
  export default list;
}
