import { PlusOutlined } from '@ant-design/icons';
import { Image, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { useState } from 'react';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, isImageMime } from '@kayuh/contract/rules/upload';
import { ApiError } from '../../lib/http';
import { uploadFile } from '../../lib/fileUpload';
import { useT } from '../../lib/i18n';
import { imageSrc } from '../../lib/imageSrc';

const MB = 1024 * 1024;
const UPLOAD_PATH = '/common/upload';

/** What POST /common/upload answers: the address to store, and what was kept. */
interface UploadedImage {
  url: string;
  fileName: string;
  size: number;
}

interface ImageUploadInputProps {
  /** Set by Form.Item. */
  id?: string;
  disabled?: boolean;
  /** The stored image address (what the upload answered as its url). */
  value?: string;
  onChange?: (value: string) => void;
}

/** The server's words for a refused file: its field message, else its message. */
function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  const fields = (error.data as { fields?: Record<string, string> } | undefined)?.fields;
  return fields?.file ?? error.msg;
}

const nameOf = (url: string) => url.split(/[?#]/)[0]!.split('/').pop() || url;

/**
 * One image, uploaded as soon as it is picked (POST /common/upload); the field's value is the address the
 * server answers. The type and size are checked here for a quick answer and again, by the file's bytes, there.
 */
export function ImageUploadInput({ id, disabled, value, onChange }: ImageUploadInputProps) {
  const t = useT();
  const [pending, setPending] = useState<UploadFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const shown: UploadFile[] = pending
    ? [pending]
    : value
      ? [{ uid: value, name: nameOf(value), status: 'done', url: imageSrc(value), thumbUrl: imageSrc(value) }]
      : [];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const refusal = !isImageMime(file.type)
      ? t('validation.imageType')
      : file.size > IMAGE_MAX_BYTES
        ? t('validation.imageTooLarge', { max: IMAGE_MAX_BYTES / MB })
        : null;
    setError(refusal);
    return refusal ? Upload.LIST_IGNORE : true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const picked = file as File;
    setPending({ uid: `${picked.name}-${picked.size}`, name: picked.name, status: 'uploading' });
    uploadFile<UploadedImage>(UPLOAD_PATH, picked, {}, { silent: true })
      .then((answer) => {
        setPending(null);
        onChange?.(answer.url);
        onSuccess?.(answer);
      })
      .catch((failure: unknown) => {
        setPending(null);
        setError(refusalText(failure));
        onError?.(failure as Error);
      });
  };

  return (
    <>
      <Upload
        id={id}
        accept={IMAGE_ACCEPT}
        listType="picture-card"
        maxCount={1}
        disabled={disabled}
        fileList={shown}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onPreview={() => setPreviewing(true)}
        onRemove={() => {
          setError(null);
          onChange?.('');
        }}
      >
        {shown.length === 0 && (
          <button type="button" disabled={disabled} style={{ border: 0, background: 'none', cursor: 'inherit' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('engine.upload.choose')}</div>
          </button>
        )}
      </Upload>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {t('engine.upload.rules', { max: IMAGE_MAX_BYTES / MB })}
      </Typography.Text>
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
          {error}
        </Typography.Text>
      )}
      {value && (
        <Image style={{ display: 'none' }} alt={nameOf(value)} src={imageSrc(value)} preview={{ open: previewing, onOpenChange: setPreviewing }} />
      )}
    </>
  );
}
