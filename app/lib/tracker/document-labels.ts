// The documents and their upload states as the shopper reads them (the documents step and its
// facts), apart from the tracker's other copy (decision 052).

/** The documents by key, as the shopper reads them. */
export const DOCUMENT_LABEL: Record<
  'APP.DRIVERSLICENSE' | 'GEN.INSURANCECARD' | 'APP.W2' | 'APP.PAYSTUB' | 'APP.OTHER',
  string
> = {
  'APP.DRIVERSLICENSE': 'Driver’s license',
  'GEN.INSURANCECARD': 'Insurance card',
  'APP.W2': 'W-2',
  'APP.PAYSTUB': 'Pay stub',
  'APP.OTHER': 'Other document',
};

export const DOCUMENT_STATUS_LABEL: Record<'INITIALIZED' | 'UPLOADING' | 'COMPLETE' | 'FAIL', string> = {
  INITIALIZED: 'Not uploaded yet',
  UPLOADING: 'Uploading',
  COMPLETE: 'Received',
  FAIL: 'Upload failed',
};
