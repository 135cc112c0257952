/**
 * The payment provider the `{provider}` segment names. The server runs one provider; the local
 * sandbox is the default and the name staff reach from the navigation.
 */
export function useProvider(): string {
  return 'local';
}
