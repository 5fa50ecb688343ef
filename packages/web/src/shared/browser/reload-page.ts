/** A seam so tests can see a reload (sign-out, an expired session, a changed password) without jsdom navigating. */
export const reloadPage = (): void => {
  window.location.reload();
};
