import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Flex, Typography } from '@backoffice/ui-kit/antd';
import { Avatar } from '@backoffice/ui-kit/antd-on-demand';
import { DeleteOutlined, UploadOutlined, UserOutlined } from '@backoffice/ui-kit/antd';
import { PICTURE_TYPES, PROFILE_LIMITS, PROFILE_MESSAGES } from '@backoffice/shared-api/profile';
import { isPictureData } from './picture';

/** A picture file as the data URL the server stores, or null when it is of a refused type or too big. */
export function readPicture(file: File): Promise<string | null> {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url && url.length <= PROFILE_LIMITS.pictureMaxChars ? url : null);
    };
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

/**
 * A profile picture inside a Form.Item: a preview, a hidden file input behind "Choose file", and
 * Remove. A refused file leaves the current picture in place and says why.
 */
export function PictureField({
  label,
  value,
  onChange,
  id,
}: {
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState(false);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    e.target.value = '';
    if (!file) return;
    const url = await readPicture(file);
    setRefused(!url);
    if (url) onChange?.(url);
  };

  return (
    <Flex align="center" gap={12} wrap>
      {isPictureData(value) ? (
        <img src={value} alt={label} style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 6 }} />
      ) : (
        <Avatar shape="square" size={72} icon={<UserOutlined />} aria-label={`No ${label.toLowerCase()}`} />
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        aria-label={`${label} file`}
        style={{ display: 'none' }}
        onChange={(e) => void onFile(e)}
      />
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
        Choose file
      </Button>
      {value && (
        <Button
          icon={<DeleteOutlined />}
          aria-label={`Remove ${label.toLowerCase()}`}
          onClick={() => {
            setRefused(false);
            onChange?.('');
          }}
        >
          Remove
        </Button>
      )}
      {refused && (
        <Typography.Text type="danger" role="alert">
          {PROFILE_MESSAGES.picture}
        </Typography.Text>
      )}
    </Flex>
  );
}
