/** Load and Save on the page (DOM): either game's table reads and writes its scenario files here. */

/** Calls `read` with the text and name of each file chosen in `input`, then clears the choice. */
export function onFileChosen(
  input: HTMLInputElement,
  read: (text: string, fileName: string) => void,
): void {
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    const text = await file.text();
    input.value = "";
    read(text, file.name);
  });
}

/** Offers `text` for download as a JSON file named `fileName` (the Save button). */
export function downloadJson(text: string, fileName: string): void {
  const blob = new Blob([text], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
