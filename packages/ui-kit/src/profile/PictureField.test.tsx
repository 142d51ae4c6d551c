import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_MESSAGES } from '@backoffice/shared-api/profile';
import { PictureField } from './PictureField';
import { timeZoneOptions } from './profileRules';

/** A 1x1 PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const pngFile = () =>
  new File([Uint8Array.from(atob(PNG.split(',')[1]!), (c) => c.charCodeAt(0))], 'me.png', { type: 'image/png' });

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PictureField label="Profile picture" value={value} onChange={setValue} id="picture" />
      <output>{value ? 'has a picture' : 'no picture'}</output>
    </>
  );
}

describe('PictureField', () => {
  // The file dialog honours `accept`; a drag-and-drop or another browser may not, so the field checks too.
  const user = userEvent.setup({ applyAccept: false });

  it('refuses a file that is not a picture, keeping the current one, and takes a PNG as a data URL', async () => {
    render(<Field />);
    expect(screen.getByLabelText('No profile picture')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Profile picture file'),
      new File(['hi'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(PROFILE_MESSAGES.picture)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('no picture');

    await user.upload(screen.getByLabelText('Profile picture file'), pngFile());
    expect(await screen.findByAltText('Profile picture')).toHaveAttribute('src', PNG);
    expect(screen.queryByText(PROFILE_MESSAGES.picture)).not.toBeInTheDocument();
  });

  it('removes the picture', async () => {
    render(<Field initial={PNG} />);
    await user.click(screen.getByRole('button', { name: 'Remove profile picture' }));
    expect(screen.getByRole('status')).toHaveTextContent('no picture');
    expect(screen.getByLabelText('No profile picture')).toBeInTheDocument();
  });
});

describe('timeZoneOptions', () => {
  it("offers UTC and the browser's zones, and keeps a stored zone this browser does not list", () => {
    const values = timeZoneOptions('Mars/Olympus_Mons').map((o) => o.value);
    expect(values).toContain('UTC');
    expect(values).toContain('Europe/Paris');
    expect(values).toContain('Mars/Olympus_Mons');
    expect(new Set(values).size).toBe(values.length);
  });
});
