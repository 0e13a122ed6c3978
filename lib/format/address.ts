/** `0x1234…abcd`: enough of an address to recognise it, short enough for a table cell. */
export function shortAddress(address: string, chars = 4): string {
  if (address.length <= 2 + chars * 2 + 1) return address;
  return `${address.slice(0, 2 + chars)}…${address.slice(-chars)}`;
}
