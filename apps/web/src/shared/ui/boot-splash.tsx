/**
 * The boot splash of index.html, drawn again by React while the first screen's code loads after a
 * hard load: the page keeps the same look from its first paint until the screen is ready. Its
 * styles are in index.html, which paints it before any script has run.
 */
export function BootSplash() {
  return (
    <div className="boot" role="progressbar" aria-label="Loading">
      <p className="portal-name">
        <img src="/favicon.svg" width={36} height={36} alt="" />
        Carrier Portal
      </p>
      <span className="boot-bar" />
    </div>
  );
}
