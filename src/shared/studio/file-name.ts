/** A download name from the prompt: "Copper red balayage!" → "copper-red-balayage.png". */
export function fileNameForPrompt(prompt: string, ext = 'png'): string {
  const base = prompt
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${base || 'tress-look'}.${ext}`;
}
