/**
 * A 15-digit IMEI from its first 14 digits (the type code and the serial) and the Luhn check digit, as a modem carries
 * it: the demo's and the bench's vehicle boxes and swap cabinets.
 */
export function imeiOf(body: string): string {
  if (!/^[0-9]{14}$/.test(body)) throw new Error(`an IMEI body is 14 digits: ${body}`);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}
