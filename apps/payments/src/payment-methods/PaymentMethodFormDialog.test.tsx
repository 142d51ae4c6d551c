import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES, PAYMENT_MESSAGES, type PaymentMethod } from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, type StubReply, type StubRequest } from '@backoffice/shared-api/testing';
import {
  bodyOf,
  buttonIn,
  failure,
  listReply,
  ok,
  paymentMethod,
  renderPayments,
  rowOf,
  stubApi,
} from '../testFixtures';

const LIST = '/app/payment-methods';
const TAKEN = PAYMENT_MESSAGES.paymentMethodNameTaken;

type Write = (config: StubRequest) => StubReply | undefined;

/** A fake API over `methods`; creates and updates as `write` answers (by default: applied). */
function server(initial: PaymentMethod[], write?: Write) {
  let methods = initial;
  const apply = (config: StubRequest): StubReply => {
    const body = bodyOf(config) as Partial<PaymentMethod>;
    if (config.url === ROUTES.createPaymentMethod.path) {
      const created = paymentMethod(50, { name: body.name, isActive: body.isActive ?? true });
      methods = [created, ...methods];
      // The server's own words, which the screen shows as they are.
      return ok(created, 'Payment method added');
    }
    const id = (config.params as { id: string }).id;
    methods = methods.map((m) => (m._id === id ? { ...m, ...body } : m));
    return ok(
      methods.find((m) => m._id === id),
      'Payment method saved',
    );
  };
  const requests = stubApi((config) => {
    if (config.url === ROUTES.getAllPaymentMethods.path) return listReply(methods);
    if (config.url === ROUTES.getPaymentMethodDetail.path) {
      const found = methods.find((m) => m._id === (config.params as { id: string }).id);
      return found ? ok(found) : failure(404, PAYMENT_MESSAGES.paymentMethodNotFound);
    }
    if (config.url === ROUTES.createPaymentMethod.path || config.url === ROUTES.updatePaymentMethod.path)
      return write?.(config) ?? apply(config);
    return undefined;
  });
  return {
    writes: () =>
      requests
        .filter((r) => r.url === ROUTES.createPaymentMethod.path || r.url === ROUTES.updatePaymentMethod.path)
        .map((r) => [r.method, r.url, r.params ?? null, bodyOf(r)]),
    details: () => requests.filter((r) => r.url === ROUTES.getPaymentMethodDetail.path),
  };
}

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

async function openDialog(name: 'Add payment method' | 'Edit payment method', from?: string) {
  if (from) await user().click(buttonIn(screen.getByText(from).closest('tr')!, 'Edit'));
  else await user().click(screen.getByText('Add payment method', { selector: 'button span' }));
  const element = await screen.findByRole('dialog', { name });
  const dialog = within(element);
  return {
    ...dialog,
    // By label, not role: role queries over antd's styles are slow in jsdom, and these run per keystroke.
    nameField: () => dialog.getByLabelText('Method name'),
    activeSwitch: () => dialog.getByLabelText('Active'),
    click: (button: string) => user().click(buttonIn(element, button)),
  };
}

beforeEach(() => {
  localStorage.clear();
  session.signedIn(ADMIN);
});

describe('Adding a payment method', () => {
  it('checks the name in the browser, then sends it trimmed and shows the new method', async () => {
    const api = server([paymentMethod(1, { name: 'Bank transfer' })]);
    renderPayments(LIST);
    await screen.findByText('Bank transfer');
    const dialog = await openDialog('Add payment method');
    expect(dialog.nameField()).toHaveValue('');
    expect(dialog.activeSwitch()).toBeChecked();

    await dialog.click('Save');
    expect(await dialog.findByText('Enter the method name.')).toBeInTheDocument();
    await user().type(dialog.nameField(), '   ');
    await dialog.click('Save');
    expect(await dialog.findByText('Enter the method name.')).toBeInTheDocument();
    await user().clear(dialog.nameField());
    await user().type(dialog.nameField(), 'Pay/Pal');
    expect(await dialog.findByText(PAYMENT_MESSAGES.paymentMethodNameInvalid)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user().clear(dialog.nameField());
    await user().type(dialog.nameField(), '  Crypto (BTC)  ');
    await user().click(dialog.activeSwitch());
    await dialog.click('Save');
    expect(await screen.findByText('Payment method added')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      ['post', ROUTES.createPaymentMethod.path, null, { name: 'Crypto (BTC)', isActive: false }],
    ]);
    expect(await rowOf('Crypto (BTC)').findByText('Inactive')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a name already taken (409) lands on the name field and keeps what was typed', async () => {
    const api = server([paymentMethod(1, { name: 'Bank transfer' })], () => failure(409, TAKEN, { name: TAKEN }));
    renderPayments(LIST);
    await screen.findByText('Bank transfer');
    const dialog = await openDialog('Add payment method');
    await user().type(dialog.nameField(), 'bank transfer');
    await user().click(dialog.activeSwitch());
    await dialog.click('Save');
    expect(await dialog.findByText(TAKEN)).toBeInTheDocument();
    expect(dialog.nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.nameField()).toHaveValue('bank transfer');
    expect(dialog.activeSwitch()).not.toBeChecked();
    expect(screen.queryByText('Payment method added')).not.toBeInTheDocument();
    expect(api.writes()).toHaveLength(1);

    // Typing a new name clears the server's objection.
    await user().type(dialog.nameField(), ' 2');
    await waitFor(() => expect(dialog.queryByText(TAKEN)).not.toBeInTheDocument());
  });

  it('a 409 that names no field still lands on the name; any other failure shows above the buttons', async () => {
    let reply: StubReply = failure(409, TAKEN);
    server([], () => reply);
    renderPayments(LIST);
    await screen.findByText('Data Not Found');
    const dialog = await openDialog('Add payment method');
    await user().type(dialog.nameField(), 'Cash');
    await dialog.click('Save');
    expect(await dialog.findByText(TAKEN)).toBeInTheDocument();
    expect(dialog.nameField()).toHaveAttribute('aria-invalid', 'true');

    reply = 'network-error';
    await user().type(dialog.nameField(), ' on delivery');
    await dialog.click('Save');
    expect(await dialog.findByText('Network error')).toBeInTheDocument();
    expect(dialog.nameField()).toHaveValue('Cash on delivery');
  });

  it('a new opening starts empty, not with what was typed before', async () => {
    server([]);
    renderPayments(LIST);
    await screen.findByText('Data Not Found');
    let dialog = await openDialog('Add payment method');
    await user().type(dialog.nameField(), 'Half typed');
    await dialog.click('Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog('Add payment method');
    expect(dialog.nameField()).toHaveValue('');
  });
});

describe('Editing a payment method', () => {
  it('starts from the method as the server has it and sends only what changed', async () => {
    const api = server([paymentMethod(1, { name: 'Bank transfer' }), paymentMethod(2, { name: 'PayPal' })]);
    renderPayments(LIST);
    await screen.findByText('Bank transfer');
    const dialog = await openDialog('Edit payment method', 'Bank transfer');
    expect(dialog.nameField()).toHaveValue('Bank transfer');
    expect(dialog.activeSwitch()).toBeChecked();
    expect(api.details().map((r) => r.params)).toEqual([{ id: paymentMethod(1)._id }]);

    await user().clear(dialog.nameField());
    await user().type(dialog.nameField(), 'Wire transfer ');
    await dialog.click('Save');
    expect(await screen.findByText('Payment method saved')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      ['patch', ROUTES.updatePaymentMethod.path, { id: paymentMethod(1)._id }, { name: 'Wire transfer' }],
    ]);
    expect(await screen.findByText('Wire transfer')).toBeInTheDocument();
    expect(screen.queryByText('Bank transfer')).not.toBeInTheDocument();
  });

  it('a rename to a taken name (409) lands on the name field and keeps what was typed', async () => {
    const api = server([paymentMethod(1, { name: 'Bank transfer' }), paymentMethod(2, { name: 'PayPal' })], () =>
      failure(409, TAKEN, { name: TAKEN }),
    );
    renderPayments(LIST);
    await screen.findByText('Bank transfer');
    const dialog = await openDialog('Edit payment method', 'Bank transfer');
    await user().clear(dialog.nameField());
    await user().type(dialog.nameField(), 'PayPal');
    await dialog.click('Save');
    expect(await dialog.findByText(TAKEN)).toBeInTheDocument();
    expect(dialog.nameField()).toHaveValue('PayPal');
    expect(api.writes()).toEqual([
      ['patch', ROUTES.updatePaymentMethod.path, { id: paymentMethod(1)._id }, { name: 'PayPal' }],
    ]);
    expect(rowOf('Bank transfer').getByText('Active')).toBeInTheDocument();
  });

  it('saving without a change sends nothing and closes', async () => {
    const api = server([paymentMethod(1, { name: 'Bank transfer' })]);
    renderPayments(LIST);
    await screen.findByText('Bank transfer');
    const dialog = await openDialog('Edit payment method', 'Bank transfer');
    await dialog.click('Save');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([]);
  });

  it('a method that is gone says so in the dialog', async () => {
    let methods = [paymentMethod(1, { name: 'Bank transfer' })];
    stubApi((config) => {
      if (config.url === ROUTES.getAllPaymentMethods.path) return listReply(methods);
      if (config.url === ROUTES.getPaymentMethodDetail.path)
        return failure(404, PAYMENT_MESSAGES.paymentMethodNotFound);
      return undefined;
    });
    renderPayments(LIST);
    await screen.findByText('Bank transfer');
    methods = [];
    const dialog = await openDialog('Edit payment method', 'Bank transfer');
    expect(await dialog.findByText(PAYMENT_MESSAGES.paymentMethodNotFound)).toBeInTheDocument();
    expect(dialog.getByText('The payment method could not be loaded')).toBeInTheDocument();
  });
});
