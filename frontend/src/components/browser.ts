/** Full-page navigations, in one module so tests can replace them. */
export const browser = {
  /** Loads `url` as a new page (drops all in-memory state). */
  assign(url: string) {
    window.location.assign(url);
  },
  reload() {
    window.location.reload();
  },
};
