import { screen } from '@testing-library/react';

/**
 * The unit tests' jsdom keeps only the style rules that decide what an admin could see
 * (test-support/setup-dom.ts): what style sheets hide must stay hidden from the tests, exactly.
 */
describe('style sheets in the unit tests', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<style>.a { color: red } .hide { display: none; color: green } .panel .hide.show { display: block; margin: 0 }' +
      ' .ghost { visibility: hidden } @media screen { .faded { opacity: 0 } .narrow { width: 1px } }</style>';
    document.body.innerHTML =
      '<div class="panel"><button class="hide">One</button><button class="hide show">Two</button>' +
      '<button class="ghost">Three</button><button class="a">Four</button><button class="faded narrow">Five</button></div>';
  });

  it('hides what a rule hides, and shows what a more specific rule shows again', () => {
    expect(screen.queryByRole('button', { name: 'One' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Two' })).toBeVisible();
    expect(getComputedStyle(screen.getByText('Two')).display).toBe('block');
    expect(screen.queryByRole('button', { name: 'Three' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Four' })).toBeVisible();
  });

  it('keeps opacity from inside @media rules, which toBeVisible reads', () => {
    expect(screen.getByText('Five')).not.toBeVisible();
  });
});
