import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useLocation } from 'react-router';

export interface SubPage {
  /** The sub-path under the page, e.g. "documents". */
  path: string;
  label: string;
}

/** The tabs of a page's sub-pages: each a link, the one at the end of the address selected. */
export function SubPageTabs({ label, pages }: { label: string; pages: readonly SubPage[] }) {
  const { pathname } = useLocation();
  const current = pages.find((page) => pathname.endsWith(`/${page.path}`))?.path;
  return (
    <Tabs
      value={current ?? false}
      aria-label={label}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      {pages.map((page) => (
        <Tab
          key={page.path}
          value={page.path}
          label={page.label}
          component={Link}
          to={page.path}
          replace
        />
      ))}
    </Tabs>
  );
}
