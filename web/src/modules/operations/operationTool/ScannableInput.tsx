import { ScanOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { QrCamera } from './QrCamera';

const MAX = 40;

interface ScannableInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What a scanned code puts in the field (a vehicle number out of a link, say); the code itself by default. */
  read?: (code: string) => string;
}

/** A code typed, or read by the camera from its QR (the scan button at the field's end). */
export function ScannableInput({ id, label, value, onChange, read = (code) => code.trim() }: ScannableInputProps) {
  const t = useT();
  const [scanning, setScanning] = useState(false);
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <Input
        id={id}
        size="large"
        maxLength={MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        suffix={<Button type="text" icon={<ScanOutlined />} aria-label={t('fieldTool.scan.camera')} onClick={() => setScanning(true)} />}
      />
      {scanning && (
        <QrCamera
          onCode={(code) => {
            onChange(read(code).slice(0, MAX));
            setScanning(false);
          }}
          onClose={() => setScanning(false)}
        />
      )}
    </>
  );
}
