/** A seam so tests can see the reload the spec asks for without jsdom navigating. */
export const reloadPage = (): void => {
  window.location.reload();
};
