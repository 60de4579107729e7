/** Classes of a file input: a bordered field whose "choose file" button is the accent button. */
export const FILE_INPUT_CLASS =
  'max-w-full rounded-lg border border-line bg-panel p-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-accent file:px-3 file:py-1.5 file:text-white';
