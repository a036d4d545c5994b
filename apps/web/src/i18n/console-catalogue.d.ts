/** The console's part of the contract's catalogue in one language (build/console-catalogue.ts). */
declare module 'virtual:console-catalogue/*' {
  type Tree = { [key: string]: string | Tree };
  const strings: Tree;
  export default strings;
}
