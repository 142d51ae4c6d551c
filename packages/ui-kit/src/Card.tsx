import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { Flex, Spin, theme } from '@backoffice/ui-kit/antd';
import { ensureStyleSheet } from './styleSheet';

export interface CardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  /** Beside the title, at the end of the head: a search box, a link, a button. */
  extra?: ReactNode;
  size?: 'default' | 'small';
  /** A spinner, announced as loading, in place of the content. */
  loading?: boolean;
  /** Raised under the pointer: a card that is a link (the dashboard's figures). */
  hoverable?: boolean;
}

// antd's Card measures (card/style): a 56 px head in 16 px type with 24 px padding, 38 px and 12 px
// when small. Colours are the theme's tokens, set on each card as custom properties, so a card
// follows the ConfigProvider it is in (light, dark) as antd's own would.
const CSS = `
.bo-card-box{box-sizing:border-box;position:relative;margin:0;padding:0;list-style:none;color:var(--bo-card-text);font-size:var(--bo-card-font-size);line-height:var(--bo-card-line-height);font-family:var(--bo-card-font-family);background:var(--bo-card-bg);border:var(--bo-card-line-width) solid var(--bo-card-border);border-radius:var(--bo-card-radius)}
.bo-card-hoverable{cursor:pointer;transition:box-shadow .2s,border-color .2s}
.bo-card-hoverable:hover{border-color:transparent;box-shadow:var(--bo-card-shadow)}
.bo-card-head{display:flex;flex-direction:column;justify-content:center;min-height:56px;margin-bottom:-1px;padding:0 24px;color:var(--bo-card-heading);font-weight:var(--bo-card-strong);font-size:16px;border-bottom:var(--bo-card-line-width) solid var(--bo-card-border);border-radius:var(--bo-card-radius) var(--bo-card-radius) 0 0}
.bo-card-head-wrapper{display:flex;align-items:center;width:100%}
.bo-card-head-title{display:inline-block;flex:1;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.bo-card-extra{margin-inline-start:auto;color:var(--bo-card-text);font-weight:400;font-size:var(--bo-card-font-size)}
.bo-card-body{padding:24px;border-radius:0 0 var(--bo-card-radius) var(--bo-card-radius)}
.bo-card-small>.bo-card-head{min-height:38px;padding:0 12px;font-size:var(--bo-card-font-size)}
.bo-card-small>.bo-card-body{padding:12px}
`;

const STYLE_ID = 'bo-card-styles-1';

/**
 * The product's card: a head with a title and an extra, and a body, as antd's Card draws them. Not
 * antd's: that one brings Tabs (for its tab list) and Skeleton into every page that shows a card,
 * about 13 KiB gzip that no screen uses.
 */
export function Card({
  title,
  extra,
  size = 'default',
  loading,
  hoverable,
  className,
  style,
  children,
  ...rest
}: CardProps) {
  ensureStyleSheet(STYLE_ID, CSS);
  const { token } = theme.useToken();
  const vars = {
    '--bo-card-bg': token.colorBgContainer,
    '--bo-card-border': token.colorBorderSecondary,
    '--bo-card-radius': `${token.borderRadiusLG}px`,
    '--bo-card-line-width': `${token.lineWidth}px`,
    '--bo-card-text': token.colorText,
    '--bo-card-heading': token.colorTextHeading,
    '--bo-card-strong': token.fontWeightStrong,
    '--bo-card-font-size': `${token.fontSize}px`,
    '--bo-card-line-height': token.lineHeight,
    '--bo-card-font-family': token.fontFamily,
    // antd's hover shadow for cards: in the token, though not in its type.
    '--bo-card-shadow': (token as typeof token & { boxShadowCard?: string }).boxShadowCard ?? token.boxShadowTertiary,
  } as CSSProperties;
  const classes = ['bo-card-box', size === 'small' && 'bo-card-small', hoverable && 'bo-card-hoverable', className];
  return (
    <div className={classes.filter(Boolean).join(' ')} style={{ ...vars, ...style }} {...rest}>
      {(title || extra) && (
        <div className="bo-card-head">
          <div className="bo-card-head-wrapper">
            {title && <div className="bo-card-head-title">{title}</div>}
            {extra && <div className="bo-card-extra">{extra}</div>}
          </div>
        </div>
      )}
      <div className="bo-card-body">
        {loading ? (
          <Flex justify="center" role="status" aria-label="Loading">
            <Spin />
          </Flex>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
