/**
 * What a place of Doc A is (SPEC §3.5): an https base URL without user info,
 * query or fragment, written canonically (lower-case host in its `xn--` form,
 * no trailing slash) so that clients can append `/<key>`. Pure grammar: the
 * book content (address-book-content.ts) applies it to fleet.yaml's places,
 * `diene simulate --fail place:…` to the place a user names.
 */

/**
 * Why `place` cannot be a place of Doc A, or `undefined`: it must parse as a
 * URL with the `https:` scheme and carry no user name, password, query or
 * fragment (a client fetches `<place>/<key>`).
 */
export function placeProblem(place: string): string | undefined {
  let url: URL;
  try {
    url = new URL(place);
  } catch {
    return 'does not parse as a URL';
  }
  if (url.protocol !== 'https:') return `uses ${url.protocol.replace(/:$/, '')}, not https`;
  if (url.username !== '' || url.password !== '') return 'carries a user name or password';
  if (url.search !== '' || place.includes('?')) return 'carries a query';
  if (url.hash !== '' || place.includes('#')) return 'carries a fragment';
  return undefined;
}

/** The canonical form of a valid place (see {@link placeProblem}): WHATWG URL serialization, trailing slashes removed. */
export function canonicalPlace(place: string): string {
  return new URL(place).href.replace(/\/+$/, '');
}

/** The host name of a valid place, lower case, `xn--` form. */
export function placeHost(place: string): string {
  return new URL(place).hostname;
}
