import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, CATALOG_MESSAGES, type DiscountCodeRow, type PersonRow } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, type StubReply, type StubRequest } from '@backoffice/shared-api/testing';
import { LEAVE_TITLE } from '@backoffice/ui-kit/forms';
import { chooseOption } from '@backoffice/ui-kit/testing';
import {
  bodyOf,
  buttonIn,
  discountCode,
  failure,
  listReply,
  ok,
  renderCatalog,
  stubApi,
  uuid,
  user as userRef,
} from '../testFixtures';
import { CHOOSE_INFLUENCER, CHOOSE_TYPE } from './discountCodeFormModel';

const LIST = '/app/manage-discount-codes';
const TAKEN = CATALOG_MESSAGES.codeNameTaken;
const NEW_ID = uuid(77);

const influencer = (i: number, displayName: string, userName: string): PersonRow => ({
  _id: uuid(600 + i),
  userName,
  displayName,
  email: `${userName}@example.com`,
  firstName: displayName.split(' ')[0]!,
  lastName: displayName.split(' ')[1] ?? '',
  status: '1',
  createdAt: '2025-06-01T00:00:00.000Z',
});
const JANE = influencer(1, 'Jane Star', 'jane.star');
const JOHN = influencer(2, 'John Stream', 'john.stream');

type Write = (config: StubRequest) => StubReply | undefined;

/**
 * A fake API over `initial`: detail, list, redemptions, influencers by search, and writes answered
 * by `write` (by default applied, with the server's message).
 */
function server(initial: DiscountCodeRow[], write?: Write) {
  let codes = initial;
  const apply = (config: StubRequest): StubReply => {
    const body = bodyOf(config) as Partial<DiscountCodeRow> & { influencerId?: string | null };
    const { influencerId, ...fields } = body;
    const owner = [JANE, JOHN].find((i) => i._id === influencerId);
    const influencerRef = owner ? userRef(0, { ...owner, mainProfilePicture: '', isInfluencer: true }) : null;
    if (config.url === ROUTES.createDiscountCode.path) {
      const created = discountCode(77, { ...fields, influencer: influencerRef, totalRedeem: 0 });
      codes = [created, ...codes];
      return ok(created, 'Discount code created');
    }
    const id = (config.params as { id: string }).id;
    codes = codes.map((c) =>
      c._id === id ? { ...c, ...fields, ...(influencerId !== undefined ? { influencer: influencerRef } : {}) } : c,
    );
    return ok(
      codes.find((c) => c._id === id),
      'Discount code updated',
    );
  };
  const requests = stubApi((config) => {
    const params = config.params as Record<string, string> | undefined;
    if (config.url === ROUTES.getAllDiscountCodes.path) return listReply(codes);
    if (config.url === ROUTES.getDiscountCodeDetail.path) {
      const found = codes.find((c) => c._id === params?.id);
      return found ? ok(found) : failure(404, CATALOG_MESSAGES.discountCodeNotFound);
    }
    if (config.url === ROUTES.getAllRedemptions.path) return listReply([]);
    if (config.url === ROUTES.getInfluencerOptions.path) {
      const search = (params?.search ?? '').toLowerCase();
      return listReply([JANE, JOHN].filter((i) => i.displayName.toLowerCase().includes(search)));
    }
    if (config.url === ROUTES.createDiscountCode.path || config.url === ROUTES.updateDiscountCode.path)
      return write?.(config) ?? apply(config);
    return undefined;
  });
  return {
    writes: () =>
      requests
        .filter((r) => r.url === ROUTES.createDiscountCode.path || r.url === ROUTES.updateDiscountCode.path)
        .map((r) => [r.method, r.params ?? null, bodyOf(r)]),
    searches: () => requests.filter((r) => r.url === ROUTES.getInfluencerOptions.path).map((r) => r.params),
    details: () => requests.filter((r) => r.url === ROUTES.getDiscountCodeDetail.path),
  };
}

// antd disables pointer events on its controls while they animate; the check would refuse the clicks.
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
// By label and text, not role: role queries over antd's styles are slow in jsdom.
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button')!;
const save = () => user().click(button('Save'));
const errorOf = (label: string) => field(label).closest('.ant-form-item')!.querySelector('.ant-form-item-explain');
/** antd validates asynchronously and animates its messages in: wait for the field's message. */
const expectFieldError = (label: string, message: string) =>
  waitFor(() => expect(errorOf(label)).toHaveTextContent(message));
const OPEN_OPTION = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';

/** Sets a field's text in one change: typing letter by letter re-validates antd's form on each. */
function replace(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

/** What an antd Select labelled `label` shows as chosen. */
const chosenIn = (label: string) => field(label).closest('.ant-select')!;

/** Picks `label` in the antd Select labelled `name`. */
const choose = (name: string, label: string) => chooseOption(field(name), label);

async function openAdd(api = server([])) {
  const rendered = renderCatalog(`${LIST}/add`);
  await screen.findByRole('heading', { name: 'Add discount code' });
  return { ...api, ...rendered };
}

async function fillNew(values: { name: string; type: string; amount: string; limit: string }) {
  replace('Code name', values.name);
  await choose('Discount type', values.type);
  replace('Amount', values.amount);
  replace('Redeem limit', values.limit);
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Adding a discount code', () => {
  it('is a page under the list, with its breadcrumb and an active status to start from', async () => {
    const { url } = await openAdd();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByText('Dashboard')).toHaveAttribute('href', '/app');
    expect(crumbs.getByText('Discount codes')).toHaveAttribute('href', LIST);
    expect(crumbs.getByText('Add')).toBeInTheDocument();
    expect(field('Code name')).toHaveValue('');
    expect(field('Amount')).toHaveValue('');
    expect(field('Redeem limit')).toHaveValue('');
    expect(chosenIn('Status')).toHaveTextContent('Active');
    expect(screen.queryByLabelText('Influencer')).not.toBeInTheDocument();
    expect(screen.queryByText(/already redeemed/)).not.toBeInTheDocument();

    await user().click(button('Cancel'));
    await waitFor(() => expect(url()).toBe(LIST));
  });

  it("checks every field in the browser with the contract's messages and sends nothing until they pass", async () => {
    const api = await openAdd();
    await save();
    expect(await screen.findByText(CATALOG_MESSAGES.codeNameInvalid)).toBeInTheDocument();
    expect(await screen.findByText(CHOOSE_TYPE)).toBeInTheDocument();
    expect(await screen.findByText(CATALOG_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(await screen.findByText(CATALOG_MESSAGES.redeemLimitInvalid)).toBeInTheDocument();

    await fillNew({ name: 'ab', type: 'Promo code', amount: '1.234', limit: '1.5' });
    await save();
    await expectFieldError('Code name', CATALOG_MESSAGES.codeNameInvalid);
    await expectFieldError('Amount', CATALOG_MESSAGES.amountInvalid);
    await expectFieldError('Redeem limit', CATALOG_MESSAGES.redeemLimitInvalid);
    await waitFor(() => expect(screen.queryByText(CHOOSE_TYPE)).not.toBeInTheDocument());

    replace('Amount', '10000.01');
    replace('Redeem limit', '0');
    await save();
    await expectFieldError('Amount', CATALOG_MESSAGES.amountInvalid);
    await expectFieldError('Redeem limit', CATALOG_MESSAGES.redeemLimitInvalid);
    replace('Amount', '0');
    await save();
    await expectFieldError('Amount', CATALOG_MESSAGES.amountInvalid);
    expect(api.writes()).toEqual([]);
  });

  it("sends the code, shows the server's message and opens the new code's view", async () => {
    const api = await openAdd();
    await fillNew({ name: '  WINTER5 ', type: 'Wallet top up', amount: '12.5', limit: '250' });
    await choose('Status', 'Inactive');
    await save();
    expect(await screen.findByText('Discount code created')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      [
        'post',
        null,
        { codeName: 'WINTER5', type: 'wallet_top_up', amount: 12.5, redeemLimit: 250, status: 'Inactive' },
      ],
    ]);
    await waitFor(() => expect(api.url()).toBe(`${LIST}/view/${NEW_ID}`));
    expect(await screen.findByRole('heading', { name: 'WINTER5' })).toBeInTheDocument();
  });

  it('asks for the influencer of an influencer code, found by name on the server', async () => {
    const api = await openAdd();
    await fillNew({ name: 'JANE10', type: 'Influencer discount code', amount: '10', limit: '100' });
    expect(await screen.findByLabelText('Influencer')).toBeInTheDocument();
    await save();
    expect(await screen.findByText(CHOOSE_INFLUENCER)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user().click(field('Influencer'));
    await user().type(field('Influencer'), 'jane');
    await waitFor(() => expect(api.searches().at(-1)).toEqual({ limit: 20, search: 'jane' }));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(`${OPEN_OPTION}[title="Jane Star (@jane.star)"]`);
      if (!found) throw new Error('no option');
      return found;
    });
    expect(document.querySelector(`${OPEN_OPTION}[title="John Stream (@john.stream)"]`)).toBeNull();
    await user().click(option);
    await waitFor(() => expect(screen.queryByText(CHOOSE_INFLUENCER)).not.toBeInTheDocument());

    await save();
    expect(await screen.findByText('Discount code created')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      [
        'post',
        null,
        {
          codeName: 'JANE10',
          type: 'influencer_discount_code',
          amount: 10,
          redeemLimit: 100,
          status: 'Active',
          influencerId: JANE._id,
        },
      ],
    ]);
  });

  it('a taken name (409) lands on the name field and keeps everything typed', async () => {
    let reply: StubReply = failure(409, TAKEN, { codeName: TAKEN });
    const api = await openAdd(server([], () => reply));
    await fillNew({ name: 'summer1', type: 'Signup', amount: '3', limit: '10' });
    await save();
    await expectFieldError('Code name', TAKEN);
    expect(field('Code name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Code name')).toHaveValue('summer1');
    expect(field('Amount')).toHaveValue('3.00');
    expect(field('Redeem limit')).toHaveValue('10');
    expect(chosenIn('Discount type')).toHaveTextContent('Signup');
    expect(api.url()).toBe(`${LIST}/add`);

    // Typing a new name clears the server's objection.
    await user().type(field('Code name'), 'b');
    await waitFor(() => expect(screen.queryByText(TAKEN)).not.toBeInTheDocument());

    // A server that names no field: a 409 is still about the name.
    reply = failure(409, TAKEN);
    await save();
    await expectFieldError('Code name', TAKEN);
    expect(screen.queryByText('The discount code was not saved')).not.toBeInTheDocument();
    expect(api.writes()).toHaveLength(2);
  });

  it("puts a 400's field errors on their fields, and any other failure above the form", async () => {
    let reply: StubReply = failure(400, 'Invalid discount code', {
      amount: 'Amount out of range',
      redeemLimit: 'Limit out of range',
    });
    const api = await openAdd(server([], () => reply));
    await fillNew({ name: 'AUTUMN', type: 'Promo code', amount: '9.99', limit: '5' });
    await save();
    await expectFieldError('Amount', 'Amount out of range');
    await expectFieldError('Redeem limit', 'Limit out of range');
    expect(field('Amount')).toHaveValue('9.99');
    expect(screen.queryByText('The discount code was not saved')).not.toBeInTheDocument();

    reply = failure(400, 'Invalid discount code', { influencerId: 'An influencer is required', note: 'Unknown field' });
    replace('Amount', '9.98');
    await save();
    expect(await screen.findByText('The discount code was not saved')).toBeInTheDocument();
    expect(screen.getByText('Invalid discount code')).toBeInTheDocument();

    reply = 'network-error';
    await save();
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    expect(field('Code name')).toHaveValue('AUTUMN');
    expect(api.writes()).toHaveLength(3);
    expect(api.url()).toBe(`${LIST}/add`);
  });
});

describe('Editing a discount code', () => {
  const CODE = discountCode(1, { totalRedeem: 3, redeemLimit: 100, amount: 5 });
  const EDIT = `${LIST}/edit/${CODE._id}`;

  async function openEdit(api: ReturnType<typeof server>, code = CODE) {
    const rendered = renderCatalog(`${LIST}/edit/${code._id}`);
    await screen.findByDisplayValue(code.codeName);
    return { ...api, ...rendered };
  }

  it('starts from the code as the server has it, says how many were redeemed, and sends only what changed', async () => {
    const api = await openEdit(server([CODE, discountCode(2)]));
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByText('Dashboard')).toHaveAttribute('href', '/app');
    expect(crumbs.getByText('Discount codes')).toHaveAttribute('href', LIST);
    expect(crumbs.getByText('Edit')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit discount code SUMMER1' })).toBeInTheDocument();
    expect(field('Amount')).toHaveValue('5.00');
    expect(field('Redeem limit')).toHaveValue('100');
    expect(chosenIn('Discount type')).toHaveTextContent('Promo code');
    expect(screen.getByText('3 already redeemed')).toBeInTheDocument();
    expect(api.details().map((r) => r.params)).toEqual([{ id: CODE._id }]);

    replace('Amount', '7.5');
    await choose('Status', 'Inactive');
    await save();
    expect(await screen.findByText('Discount code updated')).toBeInTheDocument();
    expect(api.writes()).toEqual([['patch', { id: CODE._id }, { amount: 7.5, status: 'Inactive' }]]);
    await waitFor(() => expect(api.url()).toBe(`${LIST}/view/${CODE._id}`));
    expect(await screen.findByText('$7.50')).toBeInTheDocument();
  });

  it('refuses a redeem limit below what was already redeemed', async () => {
    const api = await openEdit(server([CODE]));
    replace('Redeem limit', '2');
    await save();
    await expectFieldError('Redeem limit', CATALOG_MESSAGES.redeemLimitBelowUsed(3));
    expect(api.writes()).toEqual([]);

    replace('Redeem limit', '3');
    await save();
    await waitFor(() => expect(api.writes()).toEqual([['patch', { id: CODE._id }, { redeemLimit: 3 }]]));
  });

  it('a rename to a taken name (409) lands on the name field and keeps what was typed', async () => {
    const api = await openEdit(server([CODE], () => failure(409, TAKEN, { codeName: TAKEN })));
    replace('Code name', 'WINTER1');
    await save();
    await expectFieldError('Code name', TAKEN);
    expect(field('Code name')).toHaveValue('WINTER1');
    expect(api.writes()).toEqual([['patch', { id: CODE._id }, { codeName: 'WINTER1' }]]);
    expect(api.url()).toBe(EDIT);
  });

  it('saving without a change sends nothing and shows the view; Cancel with changes asks first', async () => {
    const api = await openEdit(server([CODE]));
    await save();
    await waitFor(() => expect(api.url()).toBe(`${LIST}/view/${CODE._id}`));
    expect(api.writes()).toEqual([]);

    await user().click(button('Edit'));
    await screen.findByDisplayValue(CODE.codeName);
    replace('Code name', 'CHANGED');
    await user().click(button('Cancel'));
    // Typing is not thrown away without asking: Stay keeps it, Leave goes back to the view.
    expect(within(await screen.findByRole('dialog')).getAllByText(LEAVE_TITLE).length).toBeGreaterThan(0);
    await user().click(buttonIn(screen.getByRole('dialog'), 'Stay'));
    await waitFor(() => expect(screen.queryAllByText(LEAVE_TITLE)).toHaveLength(0));
    expect(screen.getByDisplayValue('CHANGED')).toBeInTheDocument();
    await user().click(button('Cancel'));
    await user().click(buttonIn(await screen.findByRole('dialog'), 'Leave'));
    await waitFor(() => expect(api.url()).toBe(`${LIST}/view/${CODE._id}`));
    expect(api.writes()).toEqual([]);
  });

  it("shows an influencer code's influencer by name; moving it to another type gives the influencer up", async () => {
    const owned = discountCode(3, {
      type: 'influencer_discount_code',
      influencer: userRef(0, { ...JANE, mainProfilePicture: '', isInfluencer: true }),
    });
    const api = await openEdit(server([owned]), owned);
    expect(chosenIn('Influencer')).toHaveTextContent('Jane Star (@jane.star)');

    await choose('Discount type', 'Promo code');
    await waitFor(() => expect(screen.queryByLabelText('Influencer')).not.toBeInTheDocument());
    await save();
    expect(await screen.findByText('Discount code updated')).toBeInTheDocument();
    expect(api.writes()).toEqual([['patch', { id: owned._id }, { type: 'promo_code', influencerId: null }]]);
  });

  it('an unknown code says so; a malformed id is not even asked for', async () => {
    const api = server([CODE]);
    const { unmount } = renderCatalog(`${LIST}/edit/${uuid(999)}`);
    expect(await screen.findByText(`${CATALOG_MESSAGES.discountCodeNotFound}.`)).toBeInTheDocument();
    expect(screen.getByText('Back to Discount codes')).toHaveAttribute('href', LIST);
    unmount();

    renderCatalog(`${LIST}/edit/not-an-id`);
    expect(await screen.findByText(`${CATALOG_MESSAGES.discountCodeNotFound}.`)).toBeInTheDocument();
    expect(api.details().map((r) => r.params)).toEqual([{ id: uuid(999) }]);
  });

  it('a failed load offers Retry', async () => {
    let fail = true;
    stubApi((config) => {
      if (config.url !== ROUTES.getDiscountCodeDetail.path) return undefined;
      return fail ? failure(503, 'Service unavailable') : ok(CODE);
    });
    renderCatalog(EDIT);
    expect(await screen.findByText('The discount code could not be loaded', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
    fail = false;
    fireEvent.click(button('Retry'));
    expect(await screen.findByDisplayValue('SUMMER1')).toBeInTheDocument();
  });
});
