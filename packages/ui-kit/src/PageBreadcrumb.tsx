import { Fragment, type CSSProperties } from 'react';
import { theme } from '@backoffice/ui-kit/antd';
import { Link } from '@backoffice/ui-kit/router';
import { ensureStyleSheet } from './styleSheet';

export interface PageBreadcrumbItem {
  title: string;
  /**
   * Where the crumb leads, passed to react-router's Link as given. Screens inside a remote pass a
   * path resolved against the base they run under (/app or /), or a relative one.
   */
  to?: string;
}

// antd's Breadcrumb measures and colours (breadcrumb/style), drawn here: antd's brings its dropdown
// menus for crumbs with children, which no screen has, into every page.
const CSS = `
.bo-breadcrumb{margin:0 0 16px;color:var(--bo-crumb-color);font-size:var(--bo-crumb-font-size);line-height:var(--bo-crumb-line-height)}
.bo-breadcrumb ol{display:flex;flex-wrap:wrap;margin:0;padding:0;list-style:none}
.bo-breadcrumb a{display:inline-block;margin:0 -4px;padding:0 4px;color:var(--bo-crumb-color);text-decoration:none;border-radius:4px;transition:color .2s,background-color .2s}
.bo-breadcrumb a:hover{color:var(--bo-crumb-hover);background-color:var(--bo-crumb-hover-bg)}
.bo-breadcrumb a:focus-visible{outline:3px solid var(--bo-crumb-focus);outline-offset:1px}
.bo-breadcrumb [aria-current="page"]{color:var(--bo-crumb-last)}
.bo-breadcrumb-separator{margin:0 8px;color:var(--bo-crumb-color)}
`;
const STYLE_ID = 'bo-breadcrumb-styles-1';

export function PageBreadcrumb({ items }: { items: PageBreadcrumbItem[] }) {
  ensureStyleSheet(STYLE_ID, CSS);
  const { token } = theme.useToken();
  const vars = {
    '--bo-crumb-color': token.colorTextDescription,
    '--bo-crumb-last': token.colorText,
    '--bo-crumb-hover': token.colorText,
    '--bo-crumb-hover-bg': token.colorBgTextHover,
    '--bo-crumb-focus': token.colorPrimaryBorder,
    '--bo-crumb-font-size': `${token.fontSize}px`,
    '--bo-crumb-line-height': token.lineHeight,
  } as CSSProperties;
  return (
    <nav aria-label="Breadcrumb" className="bo-breadcrumb" style={vars}>
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Fragment key={`${index}-${item.title}`}>
              <li>
                {item.to ? (
                  <Link to={item.to} aria-current={last ? 'page' : undefined}>
                    {item.title}
                  </Link>
                ) : (
                  <span aria-current={last ? 'page' : undefined}>{item.title}</span>
                )}
              </li>
              {!last && (
                <li className="bo-breadcrumb-separator" aria-hidden="true">
                  /
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
