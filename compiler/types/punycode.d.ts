/**
 * Types of punycode.js 2.3 (RFC 3492 Punycode, RFC 5891 IDNA helpers), which
 * ships none. Node loads its CommonJS entry, so only the default export exists.
 */
declare module 'punycode.js' {
  const punycode: {
    /** Converts a Unicode domain name (or label) to its ASCII form: non-ASCII labels become `xn--…`. */
    toASCII(domain: string): string;
    /** Converts an ASCII domain name (or label) with `xn--` labels to Unicode. */
    toUnicode(domain: string): string;
    version: string;
  };
  export default punycode;
}
